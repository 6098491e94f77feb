import { extractSignature } from './signature-verifier';

describe('extractSignature', () => {
  it('removes the signature and keeps the rest byte for byte, wherever it sits', () => {
    expect(extractSignature('timestamp=1&symbol=A%2CB&signature=abc')).toEqual({
      rest: 'timestamp=1&symbol=A%2CB',
      signature: 'abc',
    });
    expect(extractSignature('signature=abc&timestamp=1')).toEqual({ rest: 'timestamp=1', signature: 'abc' });
  });

  it('percent-decodes a Base64 signature and leaves an absent one undefined', () => {
    expect(extractSignature('timestamp=1&signature=ab%2Bc%2F%3D%3D').signature).toBe('ab+c/==');
    expect(extractSignature('timestamp=1')).toEqual({ rest: 'timestamp=1', signature: undefined });
    expect(extractSignature('')).toEqual({ rest: '', signature: undefined });
  });
});
