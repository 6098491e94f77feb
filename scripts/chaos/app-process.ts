/**
 * The OMS or ingest in a process of its own, as in production, so that the fault suite
 * can SIGKILL it and start it again. Its output goes to a log file in the run folder.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, WriteStream } from 'node:fs';
import { join } from 'node:path';

export class AppProcess {
  private child?: ChildProcess;
  private log?: WriteStream;
  private exited?: Promise<void>;

  constructor(
    readonly name: 'oms' | 'ingest',
    private readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
    readonly healthUrl: string,
    private readonly logFile: string,
  ) {}

  get running(): boolean {
    return this.child !== undefined;
  }

  async start(timeoutMs = 90_000): Promise<void> {
    this.log ??= createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(
      process.execPath,
      ['-r', join(this.root, 'scripts/register.cjs'), join(this.root, `apps/${this.name}/src/main.ts`)],
      { cwd: this.root, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        if (this.child === child) this.child = undefined;
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.child !== child) throw new Error(`${this.name} exited while starting (see ${this.logFile})`);
      try {
        if ((await fetch(this.healthUrl, { signal: AbortSignal.timeout(2_000) })).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`${this.name} not healthy after ${timeoutMs / 1000} s (see ${this.logFile})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** SIGKILL: no shutdown hook runs, as when a machine dies. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, then SIGKILL if it has not left within 20 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }

  close(): void {
    this.log?.end();
  }
}
