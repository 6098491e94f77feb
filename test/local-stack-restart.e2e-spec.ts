import { existsSync, mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { ExchangeClient, OrderNotFoundError } from '@oms/exchange';
import { loadVenueConfig } from '@oms/venue';
import { freePortStackEnvironment, StackProcess, startStackProcess } from './support/stack-process';

/**
 * `npm start` in its own process, on a data folder of its own: its state survives
 * Ctrl-C and a restart, `--reset` wipes it, and neither Ctrl-C nor a SIGKILL leaves a
 * Postgres process behind.
 */
describe('local stack restarts (e2e)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'oms-stack-restart-'));
  chmodSync(folder, 0o755);
  const dataDir = join(folder, 'data');
  const env = freePortStackEnvironment(dataDir);
  let running: StackProcess | undefined;

  afterAll(async () => {
    await running?.stop('SIGINT');
    rmSync(folder, { recursive: true, force: true });
  });

  function postgresOf(stack: StackProcess): Client {
    const port = /127\.0\.0\.1:(\d+)/.exec(stack.banner.get('Postgres') ?? '')?.[1];
    return new Client({
      host: '127.0.0.1',
      port: Number(port),
      user: 'postgres',
      password: 'oms-local',
      database: 'oms',
    });
  }

  function postmasterPid(): number {
    return Number.parseInt(
      readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      10,
    );
  }

  function isAlive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  function kafkaOf(stack: StackProcess): Kafka {
    const brokers = (stack.banner.get('Kafka') ?? '').split(' ')[0].split(',');
    return new Kafka({ clientId: 'stack-restart-e2e', brokers, logLevel: logLevel.NOTHING });
  }

  /** How many messages the probe topic holds, over all its partitions. */
  async function probeMessageCount(stack: StackProcess): Promise<number> {
    const admin = kafkaOf(stack).admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets('stack-restart-probe');
      return offsets.reduce((sum, partition) => sum + Number(partition.high), 0);
    } finally {
      await admin.disconnect();
    }
  }

  /** The simulated venue's demo user, as the banner names its venue (the keys are the venue's defaults). */
  function venueClientOf(stack: StackProcess): ExchangeClient {
    const { demo } = loadVenueConfig({});
    return new ExchangeClient({
      baseUrl: (stack.banner.get('Venue REST') ?? '').split(' ')[0],
      credentials: { kind: 'hmac', apiKey: demo.apiKey, secretKey: demo.secretKey },
      readRetry: { attempts: 1 },
    });
  }

  /** The status of the demo user's spot order `clientOrderId` at the venue, or null when it knows none. */
  async function venueOrderStatus(stack: StackProcess, clientOrderId: string): Promise<string | null> {
    const client = venueClientOf(stack);
    try {
      return (await client.spot.getOrder({ origClientOrderId: clientOrderId })).status;
    } catch (error) {
      if (error instanceof OrderNotFoundError) return null;
      throw error;
    } finally {
      await client.close();
    }
  }

  it("keeps Postgres rows, the broker log, the desk token and the simulated venue's orders across Ctrl-C and a restart", async () => {
    running = await startStackProcess(env);
    const client = venueClientOf(running);
    const placed = await client.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '1000',
      newClientOrderId: 'kept-across-restart',
    });
    await client.close();
    expect(placed.kind).toBe('accepted');
    const token = running.banner.get('Desk token')?.split(' ')[0];
    expect(token).toMatch(/^desk_/);
    const db = postgresOf(running);
    await db.connect();
    await db.query('CREATE TABLE stack_restart_probe (note text)');
    await db.query("INSERT INTO stack_restart_probe VALUES ('kept')");
    await db.end();
    const producer = kafkaOf(running).producer();
    await producer.connect();
    await producer.send({ topic: 'stack-restart-probe', messages: [{ key: 'demo:BTCUSDT', value: 'kept' }] });
    await producer.disconnect();
    const postmaster = postmasterPid();

    expect(await running.stop('SIGINT')).toBe(0);
    running = undefined;
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(join(dataDir, 'stack.pid'))).toBe(false);

    running = await startStackProcess(env);
    expect(running.banner.get('Desk token')?.split(' ')[0]).toBe(token);
    const again = postgresOf(running);
    await again.connect();
    expect((await again.query('SELECT note FROM stack_restart_probe')).rows).toEqual([{ note: 'kept' }]);
    await again.end();
    expect(await probeMessageCount(running)).toBe(1);
    expect(await venueOrderStatus(running, 'kept-across-restart')).toBe('NEW');
  });

  it('leaves no Postgres process behind when the stack is killed outright', async () => {
    const postmaster = postmasterPid();
    expect(isAlive(postmaster)).toBe(true);
    await running!.stop('SIGKILL');
    running = undefined;
    const deadline = Date.now() + 20_000;
    while (isAlive(postmaster) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isAlive(postmaster)).toBe(false);
  });

  it('starts from nothing with --reset', async () => {
    const before = readFileSync(join(dataDir, 'desk-admin-token'), 'utf8').trim();
    running = await startStackProcess(env, ['--reset']);
    expect(running.banner.get('Desk token')?.split(' ')[0]).not.toBe(before);
    const db = postgresOf(running);
    await db.connect();
    expect((await db.query("SELECT to_regclass('stack_restart_probe') AS probe")).rows).toEqual([
      { probe: null },
    ]);
    await db.end();
    expect(await venueOrderStatus(running, 'kept-across-restart')).toBeNull();
    expect(await running.stop('SIGINT')).toBe(0);
    running = undefined;
  });
});
