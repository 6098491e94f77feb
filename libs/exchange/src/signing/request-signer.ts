import { createHmac, createPrivateKey, KeyObject, sign } from 'node:crypto';
import { ApiCredentials } from './credentials';
import { InvalidRequestError } from '../errors/exchange-errors';

/**
 * Signs `totalParams` (query string followed by body, as sent). The returned value is
 * the raw signature; placing it in a URL percent-encodes it, which matters for the
 * Base64 of Ed25519 (`+`, `/`, `=`) and is a no-op for HMAC hex.
 */
export interface RequestSigner {
  readonly apiKey: string;
  sign(totalParams: string): string;
}

class HmacSha256Signer implements RequestSigner {
  constructor(
    readonly apiKey: string,
    private readonly secretKey: string,
  ) {}

  sign(totalParams: string): string {
    return createHmac('sha256', this.secretKey).update(totalParams, 'utf8').digest('hex');
  }
}

class Ed25519Signer implements RequestSigner {
  constructor(
    readonly apiKey: string,
    private readonly privateKey: KeyObject,
  ) {}

  sign(totalParams: string): string {
    // Ed25519 hashes internally, so the digest algorithm argument must be null.
    return sign(null, Buffer.from(totalParams, 'utf8'), this.privateKey).toString('base64');
  }
}

function loadEd25519PrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch (error) {
    throw new InvalidRequestError(
      'credentials.privateKeyPem',
      `is not a readable PKCS#8 PEM private key (${(error as Error).message})`,
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new InvalidRequestError(
      'credentials.privateKeyPem',
      `must be an Ed25519 key, got ${key.asymmetricKeyType ?? 'unknown'}`,
    );
  }
  return key;
}

export function createRequestSigner(credentials: ApiCredentials): RequestSigner {
  if (!credentials.apiKey) throw new InvalidRequestError('credentials.apiKey', 'must not be empty');
  switch (credentials.kind) {
    case 'hmac':
      if (!credentials.secretKey) throw new InvalidRequestError('credentials.secretKey', 'must not be empty');
      return new HmacSha256Signer(credentials.apiKey, credentials.secretKey);
    case 'ed25519':
      return new Ed25519Signer(credentials.apiKey, loadEd25519PrivateKey(credentials.privateKeyPem));
  }
}
