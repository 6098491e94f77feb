import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isAlive } = require('./embedded-postgres.cjs') as { isAlive: (pid: number) => boolean };

const launcher = `
const { startEmbeddedPostgres } = require(${JSON.stringify(join(__dirname, 'embedded-postgres.cjs'))});
startEmbeddedPostgres({ database: 'orphan' }).then((pg) => {
  const fs = require('fs');
  const pid = Number(fs.readFileSync(pg.folder + '/data/postmaster.pid', 'utf8').split('\\n')[0]);
  process.stdout.write(JSON.stringify({ url: pg.url, folder: pg.folder, postmasterPid: pid }) + '\\n');
  setInterval(() => undefined, 1000);
});
`;

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

describe('embedded Postgres launcher', () => {
  it('leaves no postgres process or folder behind when its owner is killed with SIGKILL', async () => {
    const owner = spawn(process.execPath, ['-e', launcher], { stdio: ['ignore', 'pipe', 'inherit'] });
    const started = await new Promise<{ url: string; folder: string; postmasterPid: number }>(
      (resolve, reject) => {
        let output = '';
        owner.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('\n')) resolve(JSON.parse(output.split('\n')[0]));
        });
        owner.on('exit', (code) => reject(new Error(`launcher exited early with ${code}`)));
      },
    );

    const client = new Client({ connectionString: started.url });
    await client.connect();
    expect((await client.query<{ answer: number }>('SELECT 42 AS answer')).rows[0].answer).toBe(42);
    await client.end();

    owner.kill('SIGKILL');
    const cleaned = await waitFor(
      () => !isAlive(started.postmasterPid) && !existsSync(started.folder),
      15_000,
    );
    expect(cleaned).toBe(true);
  });
});
