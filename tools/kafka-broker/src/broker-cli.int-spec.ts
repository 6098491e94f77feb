import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';

const repositoryRoot = join(__dirname, '..', '..', '..');

describe('npm run broker', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oms-kafka-cli-'));

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function runBroker(argv: string[]) {
    return spawn(
      process.execPath,
      ['-r', join(repositoryRoot, 'scripts/register.cjs'), join(__dirname, 'main.ts'), ...argv],
      {
        cwd: repositoryRoot,
        env: { ...process.env, LOG_LEVEL: 'warn' },
      },
    );
  }

  it('serves kafkajs on the given port and stops cleanly on SIGTERM', async () => {
    const child = runBroker(['--port', '0', '--data', dataDir]);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const address = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready on (\S+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`broker exited early: ${output}`)));
    });

    const kafka = new Kafka({ brokers: [address], clientId: 'cli-spec', logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: 'from-cli', messages: [{ value: 'hello' }] });
    await producer.disconnect();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(readdirSync(join(dataDir, 'topics'))).toContain('from-cli');
  });

  it('refuses bad arguments with a message naming the flag', async () => {
    const child = runBroker(['--port', 'nine', '--data', dataDir]);
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(errors).toContain('--port must be an integer, got "nine"');
  });
});
