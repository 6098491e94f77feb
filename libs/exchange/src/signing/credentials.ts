/** An HMAC key pair issued by the venue: the secret is the HMAC-SHA256 key. */
export interface HmacCredentials {
  readonly kind: 'hmac';
  readonly apiKey: string;
  readonly secretKey: string;
}

/** A self-generated Ed25519 key: the private key (PKCS#8 PEM) never leaves this process. */
export interface Ed25519Credentials {
  readonly kind: 'ed25519';
  readonly apiKey: string;
  readonly privateKeyPem: string;
}

export type ApiCredentials = HmacCredentials | Ed25519Credentials;
