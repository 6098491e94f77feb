import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { InvalidRequestError } from '../errors/exchange-errors';
import { createRequestSigner } from './request-signer';

describe('request signing', () => {
  const totalParams = 'symbol=ETHUSDT&side=BUY&type=LIMIT&quantity=0.001&price=2500&timestamp=1722865041994';

  it('HMAC-SHA256 gives the lowercase hex digest of totalParams keyed by the secret', () => {
    const signer = createRequestSigner({ kind: 'hmac', apiKey: 'key', secretKey: 'secret-Key' });
    const expected = createHmac('sha256', 'secret-Key').update(totalParams).digest('hex');
    expect(signer.sign(totalParams)).toBe(expected);
    expect(signer.sign(totalParams)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches the RFC 4231 test case 2 vector', () => {
    const signer = createRequestSigner({ kind: 'hmac', apiKey: 'key', secretKey: 'Jefe' });
    expect(signer.sign('what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('Ed25519 signs the UTF-8 bytes of totalParams in Base64, verifiable with the public key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const signer = createRequestSigner({ kind: 'ed25519', apiKey: 'key', privateKeyPem: pem });
    const signature = signer.sign(totalParams);
    expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(signature, 'base64')).toHaveLength(64);
    expect(verify(null, Buffer.from(totalParams, 'utf8'), publicKey, Buffer.from(signature, 'base64'))).toBe(
      true,
    );
    expect(
      verify(null, Buffer.from(`${totalParams}x`, 'utf8'), publicKey, Buffer.from(signature, 'base64')),
    ).toBe(false);
  });

  it('matches the RFC 8032 Ed25519 test vector 1 (empty message)', () => {
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    // PKCS#8 wrapping of a raw Ed25519 seed: fixed 16-byte prefix followed by the 32 bytes.
    const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
    const pem = `-----BEGIN PRIVATE KEY-----\n${der.toString('base64')}\n-----END PRIVATE KEY-----\n`;
    const signer = createRequestSigner({ kind: 'ed25519', apiKey: 'key', privateKeyPem: pem });
    expect(Buffer.from(signer.sign(''), 'base64').toString('hex')).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    );
  });

  it('refuses a PEM that is not an Ed25519 private key, naming the field', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => createRequestSigner({ kind: 'ed25519', apiKey: 'key', privateKeyPem: pem })).toThrow(
      expect.objectContaining({ field: 'credentials.privateKeyPem' }),
    );
    expect(() => createRequestSigner({ kind: 'ed25519', apiKey: 'key', privateKeyPem: 'garbage' })).toThrow(
      InvalidRequestError,
    );
  });

  it('refuses empty key material', () => {
    expect(() => createRequestSigner({ kind: 'hmac', apiKey: '', secretKey: 's' })).toThrow(
      /credentials.apiKey/,
    );
    expect(() => createRequestSigner({ kind: 'hmac', apiKey: 'k', secretKey: '' })).toThrow(
      /credentials.secretKey/,
    );
  });
});
