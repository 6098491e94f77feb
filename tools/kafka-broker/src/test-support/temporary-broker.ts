import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KafkaBrokerOptions, RunningKafkaBroker, startKafkaBroker } from '../index';

export interface TemporaryBroker {
  readonly dataDir: string;
  current: RunningKafkaBroker;
  readonly brokers: () => string[];
  /** Stops the broker and starts a new one on the same data folder (and the same port). */
  restart(): Promise<void>;
  /** Stops the broker and deletes its data folder. */
  dispose(): Promise<void>;
}

/** A broker on a free port with a throw-away data folder, for one spec file. */
export async function startTemporaryBroker(
  options: Partial<KafkaBrokerOptions> = {},
): Promise<TemporaryBroker> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oms-kafka-broker-'));
  const settings: KafkaBrokerOptions = { port: 0, host: '127.0.0.1', ...options, dataDir };
  const handle: TemporaryBroker = {
    dataDir,
    current: await startKafkaBroker(settings),
    brokers: () => handle.current.brokers,
    async restart() {
      const port = handle.current.port;
      await handle.current.stop();
      handle.current = await startKafkaBroker({ ...settings, port });
    },
    async dispose() {
      await handle.current.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
