import {
  AcknowledgedRequest,
  FuturesOrderObserved,
  FuturesStopOrderObserved,
  SpotOrderObserved,
} from '@oms/domain';
import type {
  BatchResult,
  FuturesLimitOrder,
  FuturesOrder,
  FuturesStopOrder,
  SpotCancelAck,
  SpotOrderAck,
} from '@oms/exchange';
import { epochMs } from '../observation-fields';
import {
  futuresLimitOrderObservation,
  futuresStopOrderObservation,
  spotRestOrderObservation,
} from '../rest/rest-order-observations';

/**
 * The venue's answer to one of the OMS's own spot writes -> SpotOrderObserved
 * (source rest-ack). `transactTime` is when the venue acted: the creation time of a
 * create answer, only the state time of a cancel answer (which may still say NEW).
 */
export function spotOrderAckObservation(
  accountId: string,
  answer: SpotOrderAck | SpotCancelAck,
  request: AcknowledgedRequest,
): SpotOrderObserved {
  const at = epochMs(answer.transactTime);
  return spotRestOrderObservation(
    accountId,
    answer,
    { createdAt: request === 'create' ? at : null, updateTime: at },
    { source: 'rest-ack', acknowledgedRequest: request },
  );
}

function isStopRecord(answer: FuturesOrder): answer is FuturesStopOrder {
  return answer.type === 'STOP';
}

/** The venue's answer to a futures create or cancel -> FuturesOrderObserved or FuturesStopOrderObserved (rest-ack). */
export function futuresOrderAckObservation(
  accountId: string,
  answer: FuturesOrder,
  request: AcknowledgedRequest,
): FuturesOrderObserved | FuturesStopOrderObserved {
  const how = { source: 'rest-ack', acknowledgedRequest: request } as const;
  return isStopRecord(answer)
    ? futuresStopOrderObservation(accountId, answer, how)
    : futuresLimitOrderObservation(accountId, answer, how);
}

/** The accepted orders of a spot batch create, each as its own create acknowledgement. */
export function spotBatchAckObservations(
  accountId: string,
  result: BatchResult<SpotOrderAck>,
): SpotOrderObserved[] {
  return result.entries.flatMap((entry) =>
    entry.kind === 'accepted' ? [spotOrderAckObservation(accountId, entry.order, 'create')] : [],
  );
}

/** The accepted orders of a futures batch create, each as its own create acknowledgement. */
export function futuresBatchAckObservations(
  accountId: string,
  result: BatchResult<FuturesLimitOrder>,
): FuturesOrderObserved[] {
  return result.entries.flatMap((entry) =>
    entry.kind === 'accepted'
      ? [
          futuresLimitOrderObservation(accountId, entry.order, {
            source: 'rest-ack',
            acknowledgedRequest: 'create',
          }),
        ]
      : [],
  );
}
