import { ChainedEventContent, chainHash, GENESIS_HASH, rowChainHash } from './event-chain';

const content: ChainedEventContent = {
  globalPosition: '1',
  eventId: 'e-1',
  streamId: 'spot-order:acc:1',
  streamVersion: 1,
  type: 'SpotOrderObserved',
  schemaVersion: 1,
  payloadJson: '{"a":1}',
  metadataJson: '{}',
  correlationId: null,
  occurredAtMicros: '1722865041994000',
  recordedAtMicros: '1722865041995000',
};

describe('chainHash', () => {
  it('is a deterministic sha256 in hex', () => {
    expect(chainHash(GENESIS_HASH, content)).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(GENESIS_HASH, content)).toBe(chainHash(GENESIS_HASH, { ...content }));
  });

  it('changes with every covered field and with the previous hash', () => {
    const base = chainHash(GENESIS_HASH, content);
    const variants: Array<Partial<ChainedEventContent>> = [
      { globalPosition: '2' },
      { eventId: 'e-2' },
      { streamId: 'spot-order:acc:2' },
      { streamVersion: 2 },
      { type: 'SpotOrderCanceled' },
      { schemaVersion: 2 },
      { payloadJson: '{"a":2}' },
      { metadataJson: '{"actor":"x"}' },
      { correlationId: '' },
      { occurredAtMicros: '1722865041994001' },
      { recordedAtMicros: '1722865041995001' },
    ];
    const hashes = variants.map((change) => chainHash(GENESIS_HASH, { ...content, ...change }));
    expect(new Set([base, ...hashes]).size).toBe(variants.length + 1);
    expect(chainHash('1'.repeat(64), content)).not.toBe(base);
  });

  it('never confuses a value moved across a field boundary', () => {
    expect(chainHash(GENESIS_HASH, { ...content, eventId: 'ab', streamId: 'c' })).not.toBe(
      chainHash(GENESIS_HASH, { ...content, eventId: 'a', streamId: 'bc' }),
    );
  });

  it('keeps the hashes of stored logs: the same bytes as ever for the same row', () => {
    expect(chainHash(GENESIS_HASH, content)).toBe(
      '8ae2d61c9b0c3605cbb09b2a8947615b5ddf7794575f35bbf44b609bbffe70ff',
    );
    expect(chainHash(GENESIS_HASH, { ...content, correlationId: 'c-é', payloadJson: '{"t":"日本😀"}' })).toBe(
      'f939c81818cfef1982bc3450b49fb1799adb6475dc8b5450d0d30fbda5bf7aee',
    );
  });

  it('is the same for a row and its recorded time given apart', () => {
    const { recordedAtMicros, ...row } = content;
    expect(rowChainHash(GENESIS_HASH, row, recordedAtMicros)).toBe(chainHash(GENESIS_HASH, content));
  });
});
