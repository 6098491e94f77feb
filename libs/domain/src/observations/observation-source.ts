import { FieldReader } from '../shared/field-reader';

/**
 * Where a venue fact was seen: the private WebSocket stream, a REST reconciliation
 * poll, or the REST answer to one of our own requests.
 */
export const OBSERVATION_SOURCES = ['ws', 'rest-poll', 'rest-ack'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

/** Which request a `rest-ack` answered. Cancel answers may still say NEW. */
export const ACKNOWLEDGED_REQUESTS = ['create', 'cancel'] as const;
export type AcknowledgedRequest = (typeof ACKNOWLEDGED_REQUESTS)[number];

export interface Fee {
  /** Venue `commissionAsset` / WS `N`. */
  readonly asset: string;
  /** Venue `commission` / WS `n`; a decimal string, never negative. */
  readonly amount: string;
}

export function readSource(reader: FieldReader): ObservationSource {
  return reader.oneOf('source', OBSERVATION_SOURCES);
}

/** `acknowledgedRequest` is required for rest-ack observations and absent otherwise. */
export function readAcknowledgedRequest(
  reader: FieldReader,
  source: ObservationSource,
): AcknowledgedRequest | null {
  if (source !== 'rest-ack') return null;
  return reader.oneOf('acknowledgedRequest', ACKNOWLEDGED_REQUESTS);
}

export function readFee(reader: FieldReader, key: string): Fee | null {
  const fee = reader.optionalObject(key);
  if (fee === null) return null;
  return { asset: fee.string('asset'), amount: fee.decimal('amount') };
}

/**
 * Ranks sources for the last tie-break between two observations of the same moment:
 * our own request's answer is the most direct evidence, then a poll, then the stream.
 */
export function sourceRank(source: ObservationSource): number {
  switch (source) {
    case 'rest-ack':
      return 2;
    case 'rest-poll':
      return 1;
    case 'ws':
      return 0;
  }
}
