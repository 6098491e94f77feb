import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  compiledEntry,
  deployedNodeFlags as deployedServiceNodeFlags,
} from '../../../scripts/bench/compiled-apps';

const root = join(__dirname, '..', '..', '..');

/** The V8 flags the deployment gives ingest's node (docker/compose.yaml), so a measurement of the compiled build runs it as deployed. */
export function deployedNodeFlags(): string[] {
  return deployedServiceNodeFlags('ingest');
}

/** How the process runs: TypeScript compiled on the fly by swc-node, or the `npm run build` output. */
export type IngestRuntime = 'swc' | 'compiled';

/** The compiled entry point, as the Docker image runs it (with `deployedNodeFlags`). */
export const compiledIngestMain = compiledEntry('apps/ingest');

/** Ingest as its own process, to be killed as an operator or a crash would. */
export class IngestProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    private readonly runtime: IngestRuntime = 'swc',
    /** Node flags, e.g. `--trace-gc` while diagnosing. */
    private readonly nodeArgs: readonly string[] = [],
  ) {}

  start(environment: NodeJS.ProcessEnv): void {
    const entry =
      this.runtime === 'compiled'
        ? [...deployedNodeFlags(), compiledIngestMain]
        : ['-r', join(root, 'scripts/register.cjs'), join(root, 'apps/ingest/src/main.ts')];
    this.child = spawn(process.execPath, [...this.nodeArgs, ...entry], {
      cwd: root,
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
