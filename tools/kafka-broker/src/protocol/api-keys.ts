/** The Kafka API keys this broker serves. */
export const ApiKey = {
  Produce: 0,
  Fetch: 1,
  ListOffsets: 2,
  Metadata: 3,
  OffsetCommit: 8,
  OffsetFetch: 9,
  FindCoordinator: 10,
  JoinGroup: 11,
  Heartbeat: 12,
  LeaveGroup: 13,
  SyncGroup: 14,
  DescribeGroups: 15,
  ListGroups: 16,
  ApiVersions: 18,
  CreateTopics: 19,
  DeleteTopics: 20,
  InitProducerId: 22,
  DeleteGroups: 42,
} as const;

export type ApiKey = (typeof ApiKey)[keyof typeof ApiKey];

/**
 * One version per API: the highest kafkajs 2.2.4 implements. kafkajs picks
 * min(its highest, our max), so offering exactly these pins every exchange to the one
 * layout the handlers speak; none of them uses the flexible (tagged-field) encoding.
 */
export const SUPPORTED_API_VERSIONS: ReadonlyMap<ApiKey, number> = new Map<ApiKey, number>([
  [ApiKey.Produce, 7],
  [ApiKey.Fetch, 11],
  [ApiKey.ListOffsets, 3],
  [ApiKey.Metadata, 6],
  [ApiKey.OffsetCommit, 5],
  [ApiKey.OffsetFetch, 4],
  [ApiKey.FindCoordinator, 2],
  [ApiKey.JoinGroup, 5],
  [ApiKey.Heartbeat, 3],
  [ApiKey.LeaveGroup, 3],
  [ApiKey.SyncGroup, 3],
  [ApiKey.DescribeGroups, 2],
  [ApiKey.ListGroups, 2],
  [ApiKey.ApiVersions, 2],
  [ApiKey.CreateTopics, 3],
  [ApiKey.DeleteTopics, 1],
  [ApiKey.InitProducerId, 1],
  [ApiKey.DeleteGroups, 1],
]);

/** ApiVersions must also answer the older versions a client tries while negotiating. */
export const API_VERSIONS_MIN_VERSION = 0;

export function isSupportedRequest(apiKey: number, apiVersion: number): boolean {
  if (apiKey === ApiKey.ApiVersions) return apiVersion >= API_VERSIONS_MIN_VERSION && apiVersion <= 2;
  return SUPPORTED_API_VERSIONS.get(apiKey as ApiKey) === apiVersion;
}
