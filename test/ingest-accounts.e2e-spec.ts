import { EventEnvelope } from '@oms/kafka';
import { HarnessAccount, IngestHarness, spotFill } from '../apps/ingest/test-support/ingest-harness';

type Envelope = EventEnvelope<Record<string, unknown>>;

interface Health {
  status: string;
  accounts: {
    account: string;
    stream: string;
    accessError: string | null;
    lastMessageAgeMs: number | null;
  }[];
  delivery: { journalDepth: number };
}

describe('ingest: several accounts in one process, one with a revoked key', () => {
  const harness = new IngestHarness(303);
  let healthy: HarnessAccount;
  let revoked: HarnessAccount;
  let readOnly: HarnessAccount;
  let other: HarnessAccount;
  const observed = (): Envelope[] => harness.reader.envelopes(harness.topics.venueObservations);
  const health = async (): Promise<Health> =>
    (await fetch(`${harness.ingestUrl()}/health`)).json() as Promise<Health>;

  beforeAll(async () => {
    await harness.start();
    healthy = await harness.addAccount('desk-ok');
    revoked = await harness.addAccount('desk-revoked');
    readOnly = await harness.addAccount('desk-ed25519', { readOnlyKey: 'ED25519' });
    other = await harness.addVenueUser('counterparty');
    await harness.control.ok('DELETE', `/accounts/${revoked.userId}/keys/${revoked.apiKey}`);
    await harness.startIngest();
  });

  afterAll(() => harness.close());

  it('the account with a good key keeps flowing', async () => {
    await harness.reader.waitFor(
      () => observed().some((e) => e.type === 'VenueStreamConnected' && e.accountId === 'desk-ok'),
      'desk-ok connected',
    );
    const orderId = await spotFill(healthy, other, 'ok-1');
    await harness.reader.waitFor(
      () =>
        observed().some(
          (e) => e.type === 'SpotFillObserved' && e.accountId === 'desk-ok' && e.payload.orderId === orderId,
        ),
      'the fill of desk-ok',
    );
    expect(observed().filter((e) => e.accountId === 'desk-revoked')).toEqual([]);
  });

  it('an account whose ingest key is a read-only Ed25519 key of its own streams and is polled', async () => {
    await harness.reader.waitFor(
      () => observed().some((e) => e.type === 'VenueStreamConnected' && e.accountId === 'desk-ed25519'),
      'desk-ed25519 connected',
    );
    const orderId = await spotFill(readOnly, other, 'ed-1');
    await harness.reader.waitFor(
      () =>
        observed().some(
          (e) =>
            e.type === 'SpotFillObserved' && e.accountId === 'desk-ed25519' && e.payload.orderId === orderId,
        ),
      'the fill of desk-ed25519',
    );
    await harness.reader.waitFor(
      () =>
        observed().some(
          (e) =>
            e.type === 'SpotBalanceObserved' && e.accountId === 'desk-ed25519' && e.source === 'rest-poll',
        ),
      'a polled balance of desk-ed25519',
    );
  });

  it('/health names the refused account and its reason; the other is connected', async () => {
    let current = await health();
    const started = Date.now();
    while (
      current.accounts.find((a) => a.account === 'desk-revoked')?.accessError == null &&
      Date.now() - started < 15_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      current = await health();
    }
    expect(current.status).toBe('degraded');
    const ok = current.accounts.find((a) => a.account === 'desk-ok');
    const bad = current.accounts.find((a) => a.account === 'desk-revoked');
    expect(ok).toMatchObject({ stream: 'connected', accessError: null });
    expect(current.accounts.find((a) => a.account === 'desk-ed25519')).toMatchObject({
      stream: 'connected',
      accessError: null,
    });
    expect(ok?.lastMessageAgeMs).toEqual(expect.any(Number));
    expect(bad?.stream).not.toBe('connected');
    expect(bad?.accessError).toMatch(/AuthenticationError/);
    expect(JSON.stringify(current)).not.toContain(revoked.secretKey);
  });
});
