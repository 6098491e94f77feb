import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/stack/free-port';

const root = join(__dirname, '..', '..');

/** An OMS in a process of its own, so that a spec can kill it as a crash would. */
export interface OmsProcess {
  readonly url: string;
  /** SIGKILL: no shutdown hook runs, nothing in flight is answered or recorded. */
  kill(): Promise<void>;
}

/** Starts the OMS (`apps/oms/src/main.ts`) with `environment` on a free port; resolves once it serves. */
export async function startOmsProcess(
  environment: Readonly<NodeJS.ProcessEnv>,
  timeoutMs = 60_000,
): Promise<OmsProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', join(root, 'scripts/register.cjs'), join(root, 'apps/oms/src/main.ts')],
    {
      cwd: root,
      env: { ...environment, OMS_HTTP_PORT: String(port), OMS_HTTP_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the OMS process exited while starting:\n${output}`);
    }
    const serving = await fetch(`${url}/health`).then(
      () => true,
      () => false,
    );
    if (serving) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the OMS process did not serve within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
