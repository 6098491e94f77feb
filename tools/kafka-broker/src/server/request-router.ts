import { handleApiVersions, writeApiVersions } from '../handlers/api-versions.handler';
import { RequestHandler } from '../handlers/broker-context';
import { handleCreateTopics } from '../handlers/create-topics.handler';
import { handleDeleteTopics } from '../handlers/delete-topics.handler';
import { handleFetch } from '../handlers/fetch.handler';
import { handleFindCoordinator } from '../handlers/find-coordinator.handler';
import {
  handleHeartbeat,
  handleJoinGroup,
  handleLeaveGroup,
  handleSyncGroup,
} from '../handlers/group-membership.handlers';
import { handleDeleteGroups, handleDescribeGroups, handleListGroups } from '../handlers/group-admin.handlers';
import { handleOffsetCommit, handleOffsetFetch } from '../handlers/group-offsets.handlers';
import { handleInitProducerId } from '../handlers/init-producer-id.handler';
import { handleListOffsets } from '../handlers/list-offsets.handler';
import { handleMetadata } from '../handlers/metadata.handler';
import { handleProduce } from '../handlers/produce.handler';
import { ApiKey, isSupportedRequest } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';

const HANDLERS: ReadonlyMap<number, RequestHandler> = new Map<number, RequestHandler>([
  [ApiKey.Produce, handleProduce],
  [ApiKey.Fetch, handleFetch],
  [ApiKey.ListOffsets, handleListOffsets],
  [ApiKey.Metadata, handleMetadata],
  [ApiKey.OffsetCommit, handleOffsetCommit],
  [ApiKey.OffsetFetch, handleOffsetFetch],
  [ApiKey.FindCoordinator, handleFindCoordinator],
  [ApiKey.JoinGroup, handleJoinGroup],
  [ApiKey.Heartbeat, handleHeartbeat],
  [ApiKey.LeaveGroup, handleLeaveGroup],
  [ApiKey.SyncGroup, handleSyncGroup],
  [ApiKey.DescribeGroups, handleDescribeGroups],
  [ApiKey.ListGroups, handleListGroups],
  [ApiKey.ApiVersions, handleApiVersions],
  [ApiKey.CreateTopics, handleCreateTopics],
  [ApiKey.DeleteTopics, handleDeleteTopics],
  [ApiKey.InitProducerId, handleInitProducerId],
  [ApiKey.DeleteGroups, handleDeleteGroups],
]);

/**
 * The handler for a request, or the error answer for one this broker does not speak.
 * An unsupported ApiVersions version gets the version 0 layout (what clients expect
 * while negotiating); any other unsupported API or version gets a body holding only
 * UNSUPPORTED_VERSION, since its real layout is unknown here.
 */
export function routeRequest(
  apiKey: number,
  apiVersion: number,
): { handler: RequestHandler; supported: boolean } {
  const handler = HANDLERS.get(apiKey);
  if (handler && isSupportedRequest(apiKey, apiVersion)) return { handler, supported: true };
  if (apiKey === ApiKey.ApiVersions) {
    return { handler: () => writeApiVersions(0, ErrorCode.UNSUPPORTED_VERSION), supported: false };
  }
  return { handler: () => new WireWriter().int16(ErrorCode.UNSUPPORTED_VERSION), supported: false };
}
