import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { decodeCursor, encodeCursor, UUID_KEY } from './page-cursor';

const ID = '00000000-0000-4000-8000-000000000001';

describe('page cursor', () => {
  it('reads back the time (microseconds kept) and key it was given', () => {
    const cursor = { at: '2026-11-01T12:00:00.123456Z', key: [ID] };
    expect(decodeCursor(encodeCursor(cursor), [UUID_KEY])).toEqual(cursor);
  });

  it.each([
    ['not base64url JSON', 'bm90LWEtY3Vyc29y'],
    ['a key that is not a UUID', encodeCursor({ at: '2026-11-01T12:00:00.000000Z', key: ["1' OR 1=1"] })],
    ['a time that is not a time', encodeCursor({ at: 'yesterday', key: [ID] })],
    ['too many keys', encodeCursor({ at: '2026-11-01T12:00:00.000000Z', key: [ID, ID] })],
    ['characters outside base64url', 'abc$def'],
  ])('refuses %s with INVALID_CURSOR naming the cursor', (_what, value) => {
    expect(() => decodeCursor(value, [UUID_KEY])).toThrow(
      expect.objectContaining({
        code: DeskErrorCode.INVALID_CURSOR,
        details: { field: 'cursor' },
      }) as DeskError,
    );
  });
});
