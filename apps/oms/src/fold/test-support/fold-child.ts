import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');

export interface FoldChildOptions {
  readonly databaseUrl: string;
  readonly brokers: readonly string[];
  readonly topicPrefix: string;
  readonly consumerGroup: string;
  readonly kafkaGroupId?: string;
  readonly sessionTimeoutMs?: number;
  readonly maxPerTransaction?: number;
}

/** A fold process that has started up (compiled, connected) and waits for `go`. */
export interface ReadyFoldChild {
  readonly process: ChildProcess;
  /** Starts consuming; resolves once the consumer runs. */
  go(): Promise<ChildProcess>;
}

/** Forks the fold in a child process (node + SWC register); resolves once it is ready. */
export function prepareFoldChild(options: FoldChildOptions): Promise<ReadyFoldChild> {
  const child = fork(join(__dirname, 'fold-child.main.ts'), [], {
    cwd: ROOT,
    execArgv: ['-r', join(ROOT, 'scripts', 'register.cjs')],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      KAFKA_BROKERS: options.brokers.join(','),
      KAFKA_TOPIC_PREFIX: options.topicPrefix,
      OMS_CONSUMER_GROUP: options.consumerGroup,
      FOLD_KAFKA_GROUP_ID: options.kafkaGroupId ?? options.consumerGroup,
      FOLD_SESSION_TIMEOUT_MS: String(options.sessionTimeoutMs ?? 6000),
      FOLD_MAX_PER_TRANSACTION: String(options.maxPerTransaction ?? 500),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`fold child exited (${String(code ?? signal)})`))),
  );
  exited.catch(() => undefined);
  const nextMessage = () =>
    Promise.race([new Promise<void>((resolve) => child.once('message', () => resolve())), exited]);
  return nextMessage().then(() => ({
    process: child,
    async go() {
      const started = nextMessage();
      child.send('go');
      await started;
      return child;
    },
  }));
}

export async function startFoldChild(options: FoldChildOptions): Promise<ChildProcess> {
  return (await prepareFoldChild(options)).go();
}

export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
