// The one mapper from venue wire messages to libs/domain observations and their Kafka envelopes.
export { identityOfObservation } from './observation-event';
export type { MappedObservation, ObservationEvent } from './observation-event';
export { isFuturesSymbol } from './observation-fields';
export { streamEventObservations } from './stream/stream-event-observations';
export type {
  StopOrderToPoll,
  StreamEventMapping,
  StreamMappingContext,
} from './stream/stream-event-observations';
export {
  futuresExecutionReportObservation,
  futuresStopExecutionReportObservation,
  spotExecutionReportObservation,
} from './stream/stream-order-observations';
export {
  futuresLimitOrderObservation,
  futuresStopOrderObservation,
  spotOrderRecordObservation,
} from './rest/rest-order-observations';
export { futuresTradeObservation, spotTradeObservation } from './rest/rest-fill-observations';
export {
  fundingPaymentObservation,
  futuresBalanceRecordObservation,
  isFundingFlow,
  positionRecordObservation,
  spotBalanceRecordObservation,
} from './rest/rest-account-observations';
export { lastPriceObservation, markPriceObservation } from './rest/mark-price-observations';
export {
  futuresBatchAckObservations,
  futuresOrderAckObservation,
  spotBatchAckObservations,
  spotOrderAckObservation,
} from './ack/order-ack-observations';
export { uncertaintyReasonOf } from './ack/uncertainty-reason';
export { observationEnvelope, STREAM_KEY_SYMBOL } from './envelope/observation-envelope';
export type { ObservationEnvelopeOptions } from './envelope/observation-envelope';
export { observationCodec, observationPayloadReader } from './envelope/observation-payload-reader';
