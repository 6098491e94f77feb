import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { futuresBatchOrderResponseSchema } from '../wire/futures-order.wire';
import { FilterViolationError } from '../errors/exchange-errors';
import { pairBatchEntries } from './batch-results';

describe('pairBatchEntries', () => {
  const fixture = futuresBatchOrderResponseSchema.parse(
    JSON.parse(
      readFileSync(join(__dirname, '../../test-fixtures/rest_POST_api_v1_futures_batchOrders.json'), 'utf8'),
    ),
  );

  it('keeps each order its own code: one accepted, one rejected by a filter (real capture)', () => {
    const { entries } = pairBatchEntries('POST /b', ['1722704250648000', 'second'], fixture.result);
    expect(entries[0]).toMatchObject({
      kind: 'accepted',
      clientOrderId: '1722704250648000',
      order: { status: 'NEW' },
    });
    expect(entries[1]).toMatchObject({ kind: 'rejected', clientOrderId: 'second', error: { code: '0207' } });
    if (entries[1].kind === 'rejected') expect(entries[1].error).toBeInstanceOf(FilterViolationError);
  });

  it('reports an order the venue did not answer for as uncertain', () => {
    const { entries } = pairBatchEntries('POST /b', ['1722704250648000', 'second', 'third'], fixture.result);
    expect(entries[2]).toEqual({ kind: 'uncertain', clientOrderId: 'third' });
  });
});
