/**
 * An app a benchmark runs in a process of its own (compiled, with its node flags), so
 * that its memory and CPU are its own. Its output is kept (the last 256 KB) for the
 * error message when it fails to start or dies.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const KEPT_OUTPUT = 256 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class BenchAppProcess {
  private readonly child: ChildProcess;
  private output = '';
  private readonly exited: Promise<number | null>;
  private exitCode: number | null | undefined;
  /** The node flags it runs with (for a figure's detail). */
  readonly nodeFlags: readonly string[];

  /** Starts `node ...nodeFlags entry ...args` with `environment` added to this process's. */
  constructor(
    readonly name: string,
    entry: string,
    options: {
      readonly nodeFlags?: readonly string[];
      readonly args?: readonly string[];
      readonly environment?: NodeJS.ProcessEnv;
    } = {},
  ) {
    this.nodeFlags = options.nodeFlags ?? [];
    this.child = spawn(process.execPath, [...this.nodeFlags, entry, ...(options.args ?? [])], {
      cwd: root,
      env: { ...process.env, ...options.environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code) => {
        this.exitCode = code;
        resolve(code);
      }),
    );
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} did not start`);
    return this.child.pid;
  }

  get log(): string {
    return this.output;
  }

  private failure(what: string): Error {
    return new Error(`${this.name} ${what}; its output:\n${this.output}`);
  }

  /** Waits until the process has printed a line matching `pattern`; returns the whole output. */
  async printed(pattern: RegExp, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (this.exitCode !== undefined) throw this.failure(`exited (${this.exitCode}) while starting`);
      if (Date.now() > deadline) throw this.failure(`printed nothing matching ${pattern} in ${timeoutMs} ms`);
      await sleep(50);
    }
    return this.output;
  }

  /** Waits until `url` answers 2XX (an app's /health). */
  async healthy(url: string, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.exitCode !== undefined) throw this.failure(`exited (${this.exitCode}) while starting`);
      const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw this.failure(`not healthy at ${url} after ${timeoutMs} ms`);
      await sleep(250);
    }
  }

  /** Throws if the process has died (a benchmark's figures would be meaningless). */
  assertRunning(): void {
    if (this.exitCode !== undefined) throw this.failure(`died (exit ${this.exitCode})`);
  }

  /** SIGTERM, then SIGKILL when it has not left within `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.exitCode !== undefined) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
