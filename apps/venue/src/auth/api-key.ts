import { KeyObject } from 'node:crypto';

/** What a key may do, as in the seeds' permission table. Every key may read. */
export type ApiKeyPermission = 'TRADE' | 'TRANSFER' | 'WITHDRAW';

export const API_KEY_PERMISSIONS: readonly ApiKeyPermission[] = ['TRADE', 'TRANSFER', 'WITHDRAW'];

export type ApiKeyCredential =
  | { readonly kind: 'HMAC'; readonly secretKey: string }
  | { readonly kind: 'ED25519'; readonly publicKey: KeyObject; readonly publicKeyPem: string };

/** The main accounts a key acts for: the user's spot trading account and futures account. */
export interface ApiKeyOwner {
  readonly userId: string;
  readonly spotAccountId: string;
  readonly futuresAccountId: string;
  /** `Master Account` or `Sub Account`, answered by GET /api/v1/account/checkApiKey. */
  readonly accountKind: 'Master Account' | 'Sub Account';
}

export interface ApiKeyRecord {
  readonly apiKey: string;
  readonly credential: ApiKeyCredential;
  readonly permissions: ReadonlySet<ApiKeyPermission>;
  readonly owner: ApiKeyOwner;
  readonly createdAt: number;
  lastUsedAt: number;
}
