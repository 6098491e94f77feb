import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * A short seeded run of the fault suite (`npm run chaos -- --seed 1 --minutes 1.5`): the
 * OMS, ingest, the broker and the venue under random faults, then the OMS must equal the
 * venue, place nothing twice, replay to the same read models and keep its log chain.
 */
describe('fault suite, short seeded run (e2e)', () => {
  it('ends with the OMS equal to the venue and every check passed, seed 1', async () => {
    const root = join(__dirname, '..');
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
    const child = spawn(
      process.execPath,
      [
        '-r',
        join(root, 'scripts/register.cjs'),
        join(root, 'scripts/chaos.ts'),
        '--seed',
        '1',
        '--minutes',
        '1.5',
      ],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // The summary and every difference are the failure message.
    expect({ code, output: output.slice(-6_000) }).toEqual({
      code: 0,
      output: expect.stringContaining('\npassed'),
    });
  }, 420_000);
});
