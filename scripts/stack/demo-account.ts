import { RunningVenue } from '@oms/venue';

/** One entry of EXCHANGE_ACCOUNTS (desk-api.md, "Accounts"). */
export interface ExchangeAccountEntry {
  readonly name: string;
  readonly apiKey: string;
  readonly secretKey: string;
  readonly readOnlyKey: { readonly apiKey: string; readonly secretKey: string };
}

/**
 * The simulated venue's demo user as a desk account: its trading key for the OMS and a
 * read-only key of its own for ingest, created through the control plane. With keys of
 * their own, ingest's polls and the OMS's orders each get a whole weight budget, and a
 * poll can never earn the 429 that would block desk orders.
 */
/** What the entry needs of a venue: its control plane and demo user (in this process or another). */
export type DemoVenue = Pick<RunningVenue, 'controlUrl'> & {
  readonly demo: Pick<RunningVenue['demo'], 'userId' | 'apiKey' | 'secretKey'>;
};

export async function demoAccountEntry(venue: DemoVenue, name: string): Promise<ExchangeAccountEntry> {
  const response = await fetch(`${venue.controlUrl}/accounts/${venue.demo.userId}/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'HMAC', permissions: [] }),
  });
  if (!response.ok)
    throw new Error(`the venue refused a read-only key for the demo user (${response.status})`);
  const key = (await response.json()) as { apiKey: string; secretKey: string };
  return {
    name,
    apiKey: venue.demo.apiKey,
    secretKey: venue.demo.secretKey,
    readOnlyKey: { apiKey: key.apiKey, secretKey: key.secretKey },
  };
}
