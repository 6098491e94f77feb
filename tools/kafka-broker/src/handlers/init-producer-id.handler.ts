import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { RequestHandler } from './broker-context';

/** InitProducerId v1 for idempotent producers; a transactional id is refused. */
export const handleInitProducerId: RequestHandler = (reader, _request, broker) => {
  const transactionalId = reader.nullableString('transactional_id');
  reader.int32('transaction_timeout_ms');
  const writer = new WireWriter().int32(0);
  if (transactionalId !== null) return writer.int16(ErrorCode.INVALID_REQUEST).int64(-1).int16(-1);
  return writer.int16(ErrorCode.NONE).int64(broker.producerIds.allocate()).int16(0);
};
