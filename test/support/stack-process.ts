import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** `npm start` as a desk runs it: its own process, its banner read from stdout. */
export interface StackProcess {
  readonly child: ChildProcess;
  /** Banner rows by label ("Desk token" -> "desk_... (Authorization: ...)"). */
  readonly banner: ReadonlyMap<string, string>;
  output(): string;
  /** Sends `signal` and resolves with the exit code (null when killed by a signal). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/** The environment of a stack on free ports, with nothing inherited that would replace a part. */
export function freePortStackEnvironment(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    OMS_DATA_DIR: dataDir,
    OMS_HTTP_PORT: '0',
    OMS_HTTP_HOST: '127.0.0.1',
    INGEST_HTTP_PORT: '0',
    INGEST_HTTP_HOST: '127.0.0.1',
    KAFKA_LOCAL_PORT: '0',
    VENUE_PORT: '0',
    VENUE_CONTROL_PORT: '0',
    VENUE_MARKET_TICKING: 'off',
    VENUE_FUNDING_SCHEDULE: 'off',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'DESK_ADMIN_TOKEN']) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('EXCHANGE_')) delete env[name];
  return env;
}

export function startStackProcess(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  timeoutMs = 90_000,
): Promise<StackProcess> {
  const child = spawn(
    process.execPath,
    ['-r', join(root, 'scripts/register.cjs'), join(root, 'scripts/start-stack.ts'), ...args],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the stack did not come up in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const start = output.indexOf('Local stack is up');
      const end = start >= 0 ? output.indexOf('\n  Data ', start) : -1;
      if (end < 0 || !output.slice(end + 1).includes('\n')) return;
      clearTimeout(timer);
      const banner = new Map<string, string>();
      for (const line of output.slice(start).split('\n').slice(1)) {
        const match = /^ {2}(\S+(?: \S+)*?) {2,}(.*)$/.exec(line);
        if (!match) break;
        banner.set(match[1], match[2]);
      }
      resolve({
        child,
        banner,
        output: () => output,
        stop: (signal) => {
          child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited with ${code} before its banner:\n${output}`));
    });
  });
}
