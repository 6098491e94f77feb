import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import { KafkaTopicNames, prefixedTopicNames } from '@oms/kafka';
import { startKafkaBroker, RunningKafkaBroker } from '@oms/kafka-broker';
import { listeningPort } from '@oms/platform/nest';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../../venue/test-support/test-venue';
import { ControlClient, VenueTestClient } from '../../venue/test-support/venue-test-client';
import { loadIngestConfig } from '../src/config/ingest.config';
import { startIngest } from '../src/main';
import { TopicReader } from './topic-reader';

export interface HarnessAccount {
  readonly name: string;
  readonly userId: string;
  readonly apiKey: string;
  readonly secretKey: string;
  /** A key of ingest's own with no trading permission, when the account has one. */
  readonly readOnlyKey?: {
    readonly apiKey: string;
    readonly secretKey?: string;
    readonly privateKeyPem?: string;
  };
  /** Signs with the account's key, to trade as a desk would. */
  readonly trader: VenueTestClient;
}

/**
 * The pieces ingest specs need: the project broker (stoppable and restartable on the
 * same port and data), the simulated venue, funded venue users, the topics read with
 * kafkajs, and ingest itself in-process (or its environment, for a child process).
 */
export class IngestHarness {
  readonly topics: KafkaTopicNames;
  readonly topicPrefix: string;
  readonly journalDir = mkdtempSync(join(tmpdir(), 'oms-ingest-journal-'));
  private readonly brokerDir = mkdtempSync(join(tmpdir(), 'oms-ingest-broker-'));
  private brokerPort = 0;
  broker: RunningKafkaBroker | undefined;
  venue!: RunningVenue;
  control!: ControlClient;
  reader!: TopicReader;
  readonly accounts: HarnessAccount[] = [];
  private app: INestApplication | undefined;

  constructor(private readonly seed: number) {
    this.topicPrefix = `spec${seed}-${Date.now()}`;
    this.topics = prefixedTopicNames(this.topicPrefix);
  }

  get brokers(): string[] {
    return [`127.0.0.1:${this.brokerPort}`];
  }

  /** `venueEnvironment` overrides the venue's generous limits (e.g. the seeds' 5 query weight per second). */
  async start(
    marks: Record<string, string> = { 'BTCUSDT-PERPETUAL': '30000' },
    venueEnvironment: NodeJS.ProcessEnv = {},
  ): Promise<void> {
    await this.startBroker();
    ({ venue: this.venue, control: this.control } = await startTestVenue(this.seed, {
      marks,
      environment: venueEnvironment,
    }));
    this.reader = new TopicReader(this.brokers, [this.topics.venueObservations, this.topics.deadLetter]);
    await this.reader.start();
  }

  async startBroker(): Promise<void> {
    this.broker = await startKafkaBroker({
      port: this.brokerPort,
      host: '127.0.0.1',
      dataDir: this.brokerDir,
    });
    this.brokerPort = this.broker.port;
  }

  async stopBroker(): Promise<void> {
    await this.broker?.stop();
    this.broker = undefined;
  }

  /**
   * A funded venue user with an HMAC trading key, served by ingest as account `name`;
   * with `readOnlyKey`, ingest reads with a key of its own (HMAC or Ed25519, no permissions).
   */
  async addAccount(
    name: string,
    options: { readonly readOnlyKey?: 'HMAC' | 'ED25519' } = {},
  ): Promise<HarnessAccount> {
    let account = await this.addVenueUser(name);
    if (options.readOnlyKey !== undefined) {
      const key = await this.control.ok<{ apiKey: string; secretKey?: string; privateKeyPem?: string }>(
        'POST',
        `/accounts/${account.userId}/keys`,
        { kind: options.readOnlyKey, permissions: [] },
      );
      account = {
        ...account,
        readOnlyKey: { apiKey: key.apiKey, secretKey: key.secretKey, privateKeyPem: key.privateKeyPem },
      };
    }
    this.accounts.push(account);
    return account;
  }

  /** A funded venue user ingest does not serve (the other side of the desk's trades). */
  async addVenueUser(name: string): Promise<HarnessAccount> {
    const user = await this.control.ok<{ userId: string; key: { apiKey: string; secretKey: string } }>(
      'POST',
      '/accounts',
      {
        label: name,
        spotDeposits: { USDT: '1000000', BTC: '10' },
        futuresDeposits: { USDT: '1000000' },
        keyKind: 'HMAC',
      },
    );
    const account = {
      name,
      userId: user.userId,
      apiKey: user.key.apiKey,
      secretKey: user.key.secretKey,
      trader: new VenueTestClient(this.venue.restUrl, user.key),
    };
    return account;
  }

  /** The environment ingest runs with: these accounts, this venue, this broker, these topics. */
  environment(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      INGEST_HTTP_PORT: '0',
      INGEST_HTTP_HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      KAFKA_BROKERS: this.brokers.join(','),
      KAFKA_TOPIC_PREFIX: this.topicPrefix,
      EXCHANGE_REST_URL: this.venue.restUrl,
      EXCHANGE_WS_URL: this.venue.streamUrl,
      EXCHANGE_API_KEY_HEADER: 'X-HK-APIKEY',
      EXCHANGE_ACCOUNTS: JSON.stringify(
        this.accounts.map((account) => ({
          name: account.name,
          apiKey: account.apiKey,
          secretKey: account.secretKey,
          readOnlyKey: account.readOnlyKey,
        })),
      ),
      INGEST_JOURNAL_DIR: this.journalDir,
      INGEST_POLL_INTERVAL_MS: '60000',
      INGEST_POLL_INTERVAL_SILENT_MS: '60000',
      INGEST_MARK_INTERVAL_MS: '60000',
      INGEST_FUTURES_SYMBOLS: 'BTCUSDT-PERPETUAL',
      EXCHANGE_QUERY_WEIGHT_PER_SECOND: '1000',
      ...overrides,
    };
  }

  async startIngest(overrides: NodeJS.ProcessEnv = {}): Promise<INestApplication> {
    this.app = await startIngest(loadIngestConfig(this.environment(overrides)), { handleSignals: false });
    return this.app;
  }

  async stopIngest(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
  }

  ingestUrl(): string {
    if (!this.app) throw new Error('ingest is not running');
    return `http://127.0.0.1:${listeningPort(this.app)}`;
  }

  async close(): Promise<void> {
    await this.stopIngest().catch(() => undefined);
    await this.reader?.stop().catch(() => undefined);
    await this.venue?.stop();
    await this.stopBroker();
    rmSync(this.journalDir, { recursive: true, force: true });
    rmSync(this.brokerDir, { recursive: true, force: true });
  }
}

/** A spot fill of `desk`: the counterparty rests a sell, the desk takes it. Returns the desk's order id. */
export async function spotFill(
  desk: HarnessAccount,
  other: HarnessAccount,
  clientOrderId: string,
  quantity = '0.01',
  price = '30000',
): Promise<string> {
  await other.trader.signed('POST', '/api/v1.1/spot/order', {
    symbol: 'BTCUSDT',
    side: 'SELL',
    type: 'LIMIT',
    quantity,
    price,
    newClientOrderId: `cp-${clientOrderId}`,
  });
  const taken = await desk.trader.signed<{ orderId: string; status: string }>(
    'POST',
    '/api/v1.1/spot/order',
    {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity,
      price,
      newClientOrderId: clientOrderId,
    },
  );
  if (taken.body.status !== 'FILLED') throw new Error(`expected a fill, got ${JSON.stringify(taken.body)}`);
  return String(taken.body.orderId);
}
