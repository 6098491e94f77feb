import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { RequestHandler } from './broker-context';

const GROUP_COORDINATOR = 0;

/** FindCoordinator v2: groups are coordinated here; transactions are not offered. */
export const handleFindCoordinator: RequestHandler = (reader, _request, broker) => {
  reader.string('coordinator_key');
  const type = reader.int8('coordinator_type');
  const writer = new WireWriter().int32(0);
  if (type !== GROUP_COORDINATOR) {
    return writer
      .int16(ErrorCode.COORDINATOR_NOT_AVAILABLE)
      .nullableString('this broker does not support transactions')
      .int32(-1)
      .string('')
      .int32(-1);
  }
  return writer
    .int16(ErrorCode.NONE)
    .nullableString(null)
    .int32(broker.nodeId)
    .string(broker.advertisedHost)
    .int32(broker.advertisedPort);
};
