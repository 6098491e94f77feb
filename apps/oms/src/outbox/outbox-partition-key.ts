import { streamTypeOf } from '@oms/domain';
import { KEY_PART } from '@oms/kafka';

/** What a stream's kept state says of where its events are keyed. */
export interface StreamKeyFields {
  readonly accountId?: string | null;
  readonly symbol?: string | null;
  readonly asset?: string | null;
}

function keyPart(value: string | null | undefined, fallback: string): string {
  return value !== null && value !== undefined && KEY_PART.test(value) ? value : fallback;
}

/**
 * `account:symbol` of a stream's events on `oms.events.v1` (`account:asset` for
 * balances, `account:-stream` for stream health), from the stream's kept state; a part
 * the state does not give is `-unknown`, so a stream that is no OMS aggregate is still
 * published.
 */
export function outboxPartitionKey(streamId: string, fields: StreamKeyFields): string {
  const kind = streamTypeOf(streamId);
  const symbol =
    kind === 'venue-stream' ? '-stream' : kind.endsWith('-balance') ? fields.asset : fields.symbol;
  return `${keyPart(fields.accountId, '-unknown')}:${keyPart(symbol, '-unknown')}`;
}
