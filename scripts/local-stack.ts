/**
 * The whole local stack in one process, every part replaceable by configuration:
 * - Postgres: DATABASE_URL, or an embedded PostgreSQL 15 in the data folder.
 * - Kafka: KAFKA_BROKERS, or the project broker on KAFKA_LOCAL_PORT, its log in the data folder.
 * - Exchange: EXCHANGE_REST_URL (+ EXCHANGE_WS_URL, EXCHANGE_ACCOUNTS), or the simulated
 *   venue with its market, whose demo user is the account `demo`.
 * - The OMS and ingest apps, given DATABASE_URL, KAFKA_BROKERS, EXCHANGE_* and DESK_ADMIN_TOKEN.
 * The data folder is OMS_DATA_DIR (kept across restarts), or a throw-away folder.
 * `npm start` runs it until Ctrl-C (start-stack.ts); the e2e tests run it on free ports.
 */
import { INestApplication } from '@nestjs/common';
import { join } from 'node:path';
import { parseExchangeAccounts } from '@oms/exchange';
import { createLogger, registerSecretsFromEnvironment, registerSecretValue } from '@oms/platform';
import { listeningPort } from '@oms/platform/nest';
import { RunningVenue } from '@oms/venue';
import { loadIngestConfig, startIngest } from '../apps/ingest/src';
import { loadOmsConfig, startOms } from '../apps/oms/src';
import { BannerFacts, stackBanner } from './stack/banner';
import { deskAdminToken, openDataFolder } from './stack/data-folder';
import { startStackExchange } from './stack/stack-venue';
import { startStackKafka, StackKafka } from './stack/stack-kafka';
import { startStackPostgres, StackPostgres } from './stack/stack-postgres';

const logger = createLogger('LocalStack');

interface RunningComponent {
  readonly name: string;
  stop(): Promise<void>;
}

export interface LocalStack {
  readonly databaseUrl: string;
  readonly kafkaBrokers: string;
  readonly omsUrl: string;
  readonly ingestUrl: string;
  /** Present when the stack started the simulated venue. */
  readonly venue?: RunningVenue;
  /** The bootstrap admin token (DESK_ADMIN_TOKEN, or generated). */
  readonly deskToken: string;
  readonly dataDir: string;
  /** True when the data folder (OMS_DATA_DIR) outlives the stack. */
  readonly persistent: boolean;
  readonly postgres: StackPostgres['kind'];
  readonly kafka: StackKafka['kind'];
  /** The environment the OMS and ingest were started with. */
  readonly appEnvironment: Readonly<NodeJS.ProcessEnv>;
  /** Folders the stack created and deletes on stop. */
  readonly temporaryFolders: readonly string[];
  /** What `npm start` prints: the URLs, the account and the desk token. */
  banner(): string;
  /** Stops every component in reverse order of start; safe to call twice. */
  stop(): Promise<void>;
}

function nestComponent(name: string, app: INestApplication): RunningComponent {
  return { name, stop: () => app.close() };
}

function accountNames(exchangeAccounts: string | undefined): string[] {
  if (!exchangeAccounts) return [];
  try {
    return parseExchangeAccounts(exchangeAccounts).map((account) => account.name);
  } catch {
    return []; // the apps refuse it at start, naming EXCHANGE_ACCOUNTS
  }
}

/**
 * Starts the stack with `env` (process.env by default). Components started before a
 * failure are stopped again, and a throw-away data folder deleted, before the error is rethrown.
 */
export async function startLocalStack(env: NodeJS.ProcessEnv = process.env): Promise<LocalStack> {
  const folder = openDataFolder(env);
  const running: RunningComponent[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const component of [...running].reverse()) {
        const started = Date.now();
        try {
          await component.stop();
          logger.info({ ms: Date.now() - started }, `${component.name} stopped`);
        } catch (error) {
          logger.error({ err: error }, `${component.name} did not stop cleanly`);
        }
      }
      folder.release();
    })());

  try {
    const deskToken = deskAdminToken(env, folder);
    registerSecretValue(deskToken);

    const postgres = await startStackPostgres(
      env,
      folder.postgresDir,
      folder.persistent ? undefined : folder.path,
    );
    running.push({ name: 'Postgres', stop: () => postgres.stop() });
    logger.info(
      postgres.kind === 'embedded'
        ? `Postgres: embedded PostgreSQL 15 on port ${postgres.port}, data in ${postgres.dataDir}`
        : 'Postgres: using DATABASE_URL',
    );

    const kafka = await startStackKafka(env, folder.kafkaDir);
    running.push({
      name: kafka.kind === 'project-broker' ? 'Kafka broker' : 'Kafka',
      stop: () => kafka.stop(),
    });
    logger.info({ brokers: kafka.brokers, kind: kafka.kind }, 'Kafka ready');

    const exchange = await startStackExchange(env, folder.persistent ? folder.path : undefined);
    running.push({ name: exchange.venue ? 'simulated venue' : 'exchange', stop: () => exchange.stop() });
    logger.info(
      exchange.venue
        ? `Exchange: simulated venue on ${exchange.venue.restUrl} (its state ${exchange.journalFile === undefined ? 'in memory only' : `kept in ${exchange.journalFile}`})`
        : 'Exchange: using EXCHANGE_REST_URL',
    );

    const appEnvironment: NodeJS.ProcessEnv = {
      ...env,
      DATABASE_URL: postgres.url,
      KAFKA_BROKERS: kafka.brokers.join(','),
      ...exchange.environment,
      DESK_ADMIN_TOKEN: deskToken,
      // Ingest's journal of not-yet-published observations lives with the rest of the state.
      INGEST_JOURNAL_DIR: env.INGEST_JOURNAL_DIR ?? join(folder.path, 'ingest-journal'),
    };
    registerSecretsFromEnvironment(appEnvironment);
    const oms = await startOms(loadOmsConfig(appEnvironment), { handleSignals: false });
    running.push(nestComponent('OMS', oms));
    const ingest = await startIngest(loadIngestConfig(appEnvironment), { handleSignals: false });
    running.push(nestComponent('ingest', ingest));

    const omsUrl = `http://127.0.0.1:${listeningPort(oms)}`;
    const ingestUrl = `http://127.0.0.1:${listeningPort(ingest)}`;
    const { venue } = exchange;
    const facts: BannerFacts = {
      omsUrl,
      ingestUrl,
      deskToken,
      dataDir: folder.path,
      persistent: folder.persistent,
      postgres: { kind: postgres.kind, url: postgres.url },
      kafka: { kind: kafka.kind, brokers: kafka.brokers },
      exchangeRestUrl: exchange.environment.EXCHANGE_REST_URL,
      simulatedVenue: venue && {
        streamUrl: venue.streamUrl,
        controlUrl: venue.controlUrl,
        apiKey: venue.demo.apiKey,
        keyHeader: venue.demo.keyHeader,
      },
      accounts: accountNames(exchange.environment.EXCHANGE_ACCOUNTS),
    };
    return {
      databaseUrl: postgres.url,
      kafkaBrokers: kafka.brokers.join(','),
      omsUrl,
      ingestUrl,
      venue,
      deskToken,
      dataDir: folder.path,
      persistent: folder.persistent,
      postgres: postgres.kind,
      kafka: kafka.kind,
      appEnvironment,
      temporaryFolders: folder.persistent ? [] : [folder.path],
      banner: () => stackBanner(facts),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
