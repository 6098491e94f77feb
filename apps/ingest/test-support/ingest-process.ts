import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/** Ingest as its own process (`apps/ingest/src/main.ts`), to be killed as an operator or a crash would. */
export class IngestProcess {
  private child: ChildProcess | undefined;
  private output = '';

  start(environment: NodeJS.ProcessEnv): void {
    this.child = spawn(
      process.execPath,
      ['-r', join(root, 'scripts/register.cjs'), join(root, 'apps/ingest/src/main.ts')],
      {
        cwd: root,
        env: { ...process.env, ...environment },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** What the process wrote, for a failing spec's message. */
  get log(): string {
    return this.output;
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    this.child = undefined;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    this.child = undefined;
  }
}
