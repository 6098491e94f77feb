import { DomainError, DomainErrorCode, refusalAsValue } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { readFuturesBalanceObservation, readSpotBalanceObservation } from '../observations/balance-observed';
import { readFuturesFillObservation } from '../observations/futures-fill-observed';
import { readFuturesOrderObservation } from '../observations/futures-order-observed';
import { readFuturesPositionObservation } from '../observations/futures-position-observed';
import { readFuturesStopOrderObservation } from '../observations/futures-stop-order-observed';
import { readSpotFillObservation } from '../observations/spot-fill-observed';
import { readSpotOrderObservation } from '../observations/spot-order-observed';
import { AnyDomainEvent, CURRENT_SCHEMA_VERSIONS, DomainEventType } from './domain-event-union';

/** An event as the store or Kafka hands it back: untrusted, possibly an older version. */
export interface StoredEvent {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
}

type Upcast = (data: unknown) => unknown;

/**
 * One step per (type, version): data of version N in, data of version N + 1 out.
 * Steps are never edited once released; a new shape adds a step.
 */
const UPCASTS: Partial<Record<DomainEventType, Readonly<Record<number, Upcast>>>> = {
  SpotFillObserved: {
    // v1 carried the venue's flat commission / commissionAsset and wrote "0" / "" when
    // the source (WS ticketInfo) had no fee; v2 nests the fee and says null instead.
    1: (data) => {
      const reader = FieldReader.of(data, 'data');
      const { commission: _commission, commissionAsset: _asset, ...rest } = data as Record<string, unknown>;
      const asset = reader.optionalString('commissionAsset');
      return { ...rest, fee: asset === null ? null : { asset, amount: reader.decimal('commission') } };
    },
  },
  PositionFillRecorded: {
    // v1 was written while a position kept every fill, so a repeated report found the
    // one it merged into in the state; v2 names it, since older fills are totals now.
    // A v1 event cannot tell, so it reads as a new fill (repeats within the window still merge).
    1: (data) => {
      FieldReader.of(data, 'data');
      return { ...(data as Record<string, unknown>), replaces: null };
    },
  },
};

/** Observation payloads are validated after upcasting, so a corrupt row names its bad field. */
const VALIDATORS: Partial<Record<DomainEventType, (data: unknown) => unknown>> = {
  SpotOrderObserved: (data) => readSpotOrderObservation(data, 'data'),
  SpotFillObserved: (data) => readSpotFillObservation(data, 'data'),
  FuturesOrderObserved: (data) => readFuturesOrderObservation(data, 'data'),
  FuturesStopOrderObserved: (data) => readFuturesStopOrderObservation(data, 'data'),
  FuturesFillObserved: (data) => readFuturesFillObservation(data, 'data'),
  FuturesPositionObserved: (data) => readFuturesPositionObservation(data, 'data'),
  SpotBalanceObserved: (data) => readSpotBalanceObservation(data, 'data'),
  FuturesBalanceObserved: (data) => readFuturesBalanceObservation(data, 'data'),
};

function isKnownType(type: string): type is DomainEventType {
  return Object.prototype.hasOwnProperty.call(CURRENT_SCHEMA_VERSIONS, type);
}

/** Raises a stored event to its current version, or says precisely why it cannot. */
export function upcastEvent(stored: StoredEvent): AnyDomainEvent | DomainError {
  return refusalAsValue(() => {
    FieldReader.of(stored, 'event');
    const { type, schemaVersion } = stored;
    if (!isKnownType(type)) {
      throw new DomainError(DomainErrorCode.UnknownEventType, `unknown event type ${String(type)}`, 'type');
    }
    const current = CURRENT_SCHEMA_VERSIONS[type];
    if (!Number.isSafeInteger(schemaVersion) || schemaVersion < 1 || schemaVersion > current) {
      throw new DomainError(
        DomainErrorCode.UnsupportedSchemaVersion,
        `${type} has schema versions 1 to ${current}, not ${String(schemaVersion)}`,
        'schemaVersion',
      );
    }
    let data = stored.data;
    for (let version = schemaVersion; version < current; version += 1) {
      const step = UPCASTS[type]?.[version];
      if (step === undefined) {
        throw new DomainError(
          DomainErrorCode.UnsupportedSchemaVersion,
          `no upcast of ${type} from version ${version}`,
          'schemaVersion',
        );
      }
      data = step(data);
    }
    const validate = VALIDATORS[type];
    return {
      type,
      schemaVersion: current,
      data: validate === undefined ? data : validate(data),
    } as AnyDomainEvent;
  });
}
