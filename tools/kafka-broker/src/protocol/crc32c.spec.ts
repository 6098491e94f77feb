import { crc32c } from './crc32c';

describe('crc32c', () => {
  it('matches the Castagnoli check value', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
  });

  it('is 0 for no bytes and covers only the given range', () => {
    expect(crc32c(Buffer.alloc(0))).toBe(0);
    const framed = Buffer.concat([Buffer.from('xx'), Buffer.from('123456789'), Buffer.from('yy')]);
    expect(crc32c(framed, 2, 11)).toBe(0xe3069283);
  });

  it('agrees between the 8-byte and the byte-wise paths', () => {
    const data = Buffer.from(Array.from({ length: 1000 }, (_, index) => (index * 31) % 256));
    const byteWise = (bytes: Buffer): number => {
      let crc = 0xffffffff;
      for (const byte of bytes) {
        crc ^= byte;
        for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
      }
      return (crc ^ 0xffffffff) >>> 0;
    };
    for (const length of [1, 7, 8, 9, 63, 1000])
      expect(crc32c(data.subarray(0, length))).toBe(byteWise(data.subarray(0, length)));
  });
});
