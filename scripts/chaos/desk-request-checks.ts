/**
 * The fault suite's check that no desk request placed an order twice: each placement
 * sends its Idempotency-Key as its correlation id, also on every repeat, so every order
 * intent a request led to carries it.
 */
import { Client } from 'pg';

/** 'passed', or FAILED naming the requests whose key led to more than one order intent. */
export async function oneOrderPerDeskRequest(databaseUrl: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ correlation_id: string; orders: number }>(
      `SELECT correlation_id, count(DISTINCT stream_id)::int AS orders FROM events
        WHERE event_type = 'OrderSubmissionRequested' AND correlation_id IS NOT NULL
        GROUP BY correlation_id HAVING count(DISTINCT stream_id) > 1`,
    );
    const { rows: counted } = await client.query<{ requests: number }>(
      `SELECT count(DISTINCT correlation_id)::int AS requests FROM events
        WHERE event_type = 'OrderSubmissionRequested'`,
    );
    if (counted[0].requests === 0) return 'FAILED (no order intent carries a correlation id)';
    if (rows.length === 0) return 'passed';
    const named = rows.slice(0, 3).map((row) => `${row.correlation_id}: ${row.orders} orders`);
    return `FAILED (${rows.length} requests placed more than one order: ${named.join(', ')})`;
  } finally {
    await client.end();
  }
}
