import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..', '..');

/**
 * The V8 flags the deployment gives ingest's node: `NODE_FLAGS` of the ingest service
 * in docker/compose.yaml (the image passes it to node), so a measurement of the compiled
 * build runs it as deployed.
 */
export function deployedNodeFlags(): string[] {
  const compose = parse(readFileSync(join(root, 'docker/compose.yaml'), 'utf8'), { merge: true }) as {
    services: { ingest: { environment?: { NODE_FLAGS?: string } } };
  };
  return (compose.services.ingest.environment?.NODE_FLAGS ?? '').split(' ').filter(Boolean);
}

/** How the process runs: TypeScript compiled on the fly by swc-node, or the `npm run build` output. */
export type IngestRuntime = 'swc' | 'compiled';

/** The compiled entry point, as the Docker image runs it (with `deployedNodeFlags`). */
export const compiledIngestMain = join(root, 'dist/apps/ingest/src/main.js');

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
