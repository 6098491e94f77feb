import type { UserRecord, VenueEngineApi } from '../engine';
import { ApiKeyOwner, ApiKeyPermission } from '../auth/api-key';
import { ApiKeyRegistry, CreateApiKeyRequest, CreatedApiKey } from '../auth/api-key-registry';

/**
 * Desk users and their keys: the engine owns users and accounts, the venue's key
 * registry owns the credentials that act for them.
 */
export class VenueAccounts {
  constructor(
    private readonly engine: VenueEngineApi,
    private readonly keys: ApiKeyRegistry,
  ) {}

  createUser(label?: string): UserRecord {
    return this.engine.createUser(label === undefined ? {} : { label });
  }

  createKey(
    userId: string,
    request: CreateApiKeyRequest,
    permissions?: readonly ApiKeyPermission[],
  ): CreatedApiKey {
    const user = this.engine.getUser(userId);
    return this.keys.create(ownerOf(user), request, permissions);
  }

  keysOf(userId: string): readonly { apiKey: string; kind: string; permissions: string[] }[] {
    return this.keys
      .list()
      .filter((record) => record.owner.userId === userId)
      .map((record) => ({
        apiKey: record.apiKey,
        kind: record.credential.kind,
        permissions: [...record.permissions],
      }));
  }
}

export function ownerOf(user: UserRecord): ApiKeyOwner {
  return {
    userId: user.userId,
    spotAccountId: user.spotAccountId,
    futuresAccountId: user.futuresAccountId,
    accountKind: 'Master Account',
  };
}
