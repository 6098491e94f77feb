import { MalformedRequestError, WireReader } from './wire-reader';
import { WireWriter } from './wire-writer';

describe('WireReader and WireWriter', () => {
  it('read back what was written', () => {
    const bytes = new WireWriter()
      .int8(-1)
      .int16(300)
      .int32(-70000)
      .int64(2 ** 40)
      .string('topic')
      .nullableString(null)
      .bytes(Buffer.from('xy'))
      .nullableBytes(null)
      .int32Array([1, 2])
      .boolean(true)
      .toBuffer();
    const reader = new WireReader(bytes);
    expect(reader.int8()).toBe(-1);
    expect(reader.int16()).toBe(300);
    expect(reader.int32()).toBe(-70000);
    expect(reader.int64()).toBe(2 ** 40);
    expect(reader.string()).toBe('topic');
    expect(reader.nullableString()).toBeNull();
    expect(reader.bytes()).toEqual(Buffer.from('xy'));
    expect(reader.nullableBytes()).toBeNull();
    expect(reader.array((r) => r.int32())).toEqual([1, 2]);
    expect(reader.boolean()).toBe(true);
    expect(reader.remaining()).toBe(0);
  });

  it('names the field a truncated request ends in', () => {
    const reader = new WireReader(Buffer.from([0, 5, 65]));
    expect(() => reader.string('topic')).toThrow(
      new MalformedRequestError('request ends before topic (needs 5 bytes at 2)'),
    );
  });

  it('refuses an array count larger than the request', () => {
    const reader = new WireReader(new WireWriter().int32(1_000_000).toBuffer());
    expect(() => reader.array((r) => r.int32(), 'partitions')).toThrow(/partitions count 1000000 exceeds/);
  });

  it('refuses a null where a string is required', () => {
    expect(() => new WireReader(new WireWriter().int16(-1).toBuffer()).string('group_id')).toThrow(
      /group_id must not be null/,
    );
  });
});
