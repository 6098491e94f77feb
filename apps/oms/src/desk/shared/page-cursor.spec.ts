import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { decodeCursor, encodeCursor, UUID_KEY } from './page-cursor';

const ID = '00000000-0000-4000-8000-000000000001';
const AT = '2026-11-01T12:00:00.000000Z';

/** A cursor as the API gave them out before cursors named their list. */
function unnamedCursor(at: string, ...key: string[]): string {
  return Buffer.from(JSON.stringify([at, ...key]), 'utf8').toString('base64url');
}

describe('page cursor', () => {
  it('reads back the time (microseconds kept) and key it was given', () => {
    const cursor = { at: '2026-11-01T12:00:00.123456Z', key: [ID] };
    expect(decodeCursor(encodeCursor('orders', cursor), 'orders', [UUID_KEY])).toEqual(cursor);
  });

  it('still reads a cursor given out before cursors named their list', () => {
    expect(decodeCursor(unnamedCursor(AT, ID), 'orders', [UUID_KEY])).toEqual({ at: AT, key: [ID] });
  });

  it.each([
    ['not base64url JSON', 'bm90LWEtY3Vyc29y'],
    ['a key that is not a UUID', encodeCursor('orders', { at: AT, key: ["1' OR 1=1"] })],
    ['a time that is not a time', encodeCursor('orders', { at: 'yesterday', key: [ID] })],
    ['too many keys', encodeCursor('orders', { at: AT, key: [ID, ID] })],
    ['too many keys in an unnamed cursor', unnamedCursor(AT, ID, ID)],
    ['a cursor of another list', encodeCursor('breaks', { at: AT, key: [ID] })],
    ['a list name alone', Buffer.from(JSON.stringify(['orders'])).toString('base64url')],
    ['characters outside base64url', 'abc$def'],
    ['over 1000 characters', 'a'.repeat(1001)],
  ])('refuses %s with INVALID_CURSOR naming the cursor', (_what, value) => {
    expect(() => decodeCursor(value, 'orders', [UUID_KEY])).toThrow(
      expect.objectContaining({
        code: DeskErrorCode.INVALID_CURSOR,
        details: { field: 'cursor' },
      }) as DeskError,
    );
  });
});
