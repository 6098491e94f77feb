import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { ApiKeyOwner, ApiKeyPermission, ApiKeyRecord, API_KEY_PERMISSIONS } from './api-key';

/** Keys idle this long are deactivated (seeds: validity 90 days, reset by each use). */
export const API_KEY_IDLE_VALIDITY_MS = 90 * 24 * 60 * 60 * 1000;

export type CreateApiKeyRequest =
  | { readonly kind: 'HMAC'; readonly apiKey?: string; readonly secretKey?: string }
  | { readonly kind: 'ED25519'; readonly apiKey?: string; readonly publicKeyPem?: string };

export interface CreatedApiKey {
  readonly apiKey: string;
  readonly kind: 'HMAC' | 'ED25519';
  /** HMAC only: visible once, at creation, as on the exchange's portal. */
  readonly secretKey?: string;
  readonly publicKeyPem?: string;
  /** ED25519 only, and only when the venue generated the pair for the caller's convenience. */
  readonly privateKeyPem?: string;
  readonly permissions: readonly ApiKeyPermission[];
}

export class ApiKeyRegistryError extends Error {}

/** A change of the keys, with what it takes to make it again (the generated secrets included). */
export type ApiKeyChange =
  | {
      readonly kind: 'created';
      readonly owner: ApiKeyOwner;
      readonly request: CreateApiKeyRequest;
      readonly permissions: readonly ApiKeyPermission[];
    }
  | { readonly kind: 'revoked'; readonly apiKey: string };

/** The venue's API keys, both HMAC (system-generated) and Ed25519 (self-generated). */
export class ApiKeyRegistry {
  private readonly keys = new Map<string, ApiKeyRecord>();
  private readonly watchers: Array<(change: ApiKeyChange) => void> = [];

  constructor(private readonly now: () => number) {}

  /** Calls `watcher` after each key created or revoked (the venue journal keeps them). */
  onChange(watcher: (change: ApiKeyChange) => void): void {
    this.watchers.push(watcher);
  }

  private changed(change: ApiKeyChange): void {
    for (const watcher of this.watchers) watcher(change);
  }

  create(
    owner: ApiKeyOwner,
    request: CreateApiKeyRequest,
    permissions: readonly ApiKeyPermission[] = API_KEY_PERMISSIONS,
  ): CreatedApiKey {
    const apiKey = request.apiKey ?? randomAlphanumeric(64);
    if (this.keys.has(apiKey)) throw new ApiKeyRegistryError(`apiKey ${apiKey} already exists`);
    const createdAt = this.now();
    const permissionSet = new Set(permissions);
    if (request.kind === 'HMAC') {
      const secretKey = request.secretKey ?? randomAlphanumeric(64);
      this.keys.set(apiKey, {
        apiKey,
        credential: { kind: 'HMAC', secretKey },
        permissions: permissionSet,
        owner,
        createdAt,
        lastUsedAt: createdAt,
      });
      this.changed({ kind: 'created', owner, request: { kind: 'HMAC', apiKey, secretKey }, permissions });
      return { apiKey, kind: 'HMAC', secretKey, permissions: [...permissionSet] };
    }
    let publicKeyPem = request.publicKeyPem;
    let privateKeyPem: string | undefined;
    if (publicKeyPem === undefined) {
      const pair = generateKeyPairSync('ed25519');
      publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    }
    const publicKey = parseEd25519PublicKey(publicKeyPem);
    this.keys.set(apiKey, {
      apiKey,
      credential: { kind: 'ED25519', publicKey, publicKeyPem },
      permissions: permissionSet,
      owner,
      createdAt,
      lastUsedAt: createdAt,
    });
    this.changed({ kind: 'created', owner, request: { kind: 'ED25519', apiKey, publicKeyPem }, permissions });
    return { apiKey, kind: 'ED25519', publicKeyPem, privateKeyPem, permissions: [...permissionSet] };
  }

  find(apiKey: string): ApiKeyRecord | undefined {
    return this.keys.get(apiKey);
  }

  isExpired(record: ApiKeyRecord): boolean {
    return this.now() - record.lastUsedAt > API_KEY_IDLE_VALIDITY_MS;
  }

  touch(record: ApiKeyRecord): void {
    record.lastUsedAt = this.now();
  }

  /** Deletes a key, as revoking it on the exchange's portal does; false when unknown. */
  revoke(apiKey: string): boolean {
    const revoked = this.keys.delete(apiKey);
    if (revoked) this.changed({ kind: 'revoked', apiKey });
    return revoked;
  }

  list(): readonly ApiKeyRecord[] {
    return [...this.keys.values()];
  }
}

function parseEd25519PublicKey(pem: string) {
  if (!pem.includes('-----BEGIN PUBLIC KEY-----') || !pem.includes('-----END PUBLIC KEY-----')) {
    throw new ApiKeyRegistryError('publicKeyPem must be a full PEM public key with its BEGIN and END lines');
  }
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new ApiKeyRegistryError('publicKeyPem is not a readable PEM public key');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new ApiKeyRegistryError('publicKeyPem must be an Ed25519 public key');
  }
  return key;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let index = 0; index < length; index += 1) out += ALPHANUMERIC[bytes[index] % ALPHANUMERIC.length];
  return out;
}
