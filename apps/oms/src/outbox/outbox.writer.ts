import { KEY_PART } from '@oms/kafka';
import { issueWrite, NewEvent, SqlExecutor, textArray } from '@oms/persistence';
import { aggregateKindOf } from '../aggregates/aggregate-deciders';

export interface OutboxStream {
  readonly streamId: string;
  readonly state: unknown;
  readonly appended: readonly NewEvent[];
}

function keyPart(value: string | null | undefined, fallback: string): string {
  return value !== null && value !== undefined && KEY_PART.test(value) ? value : fallback;
}

/** `account:symbol` (or `account:asset`, or `account:-stream`) of a stream's events. */
export function partitionKeyOf(streamId: string, state: unknown): string {
  const fields = state as { accountId?: string | null; symbol?: string | null; asset?: string | null };
  const kind = aggregateKindOf(streamId);
  const symbol =
    kind === 'venue-stream' ? '-stream' : kind.endsWith('balance') ? fields.asset : fields.symbol;
  return `${keyPart(fields.accountId, '-unknown')}:${keyPart(symbol, '-unknown')}`;
}

/**
 * Writes a row per event the transaction appends to oms_outbox, in the same transaction,
 * so every stored event is published at least once (the relay builds each envelope from
 * the stored event, publishes it and marks the row). A row holds the event id and the
 * partition key only: the event itself is stored once, in `events`.
 */
export async function writeOutbox(executor: SqlExecutor, streams: readonly OutboxStream[]): Promise<void> {
  const eventIds: string[] = [];
  const partitionKeys: string[] = [];
  for (const stream of streams) {
    if (stream.appended.length === 0) continue;
    const partitionKey = partitionKeyOf(stream.streamId, stream.state);
    for (const event of stream.appended) {
      eventIds.push(event.eventId);
      partitionKeys.push(partitionKey);
    }
  }
  if (eventIds.length === 0) return;
  await issueWrite(
    executor,
    executor.query(
      `INSERT INTO oms_outbox (event_id, partition_key)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (event_id) DO NOTHING`,
      [textArray(eventIds), textArray(partitionKeys)],
    ),
  );
}
