import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { positionFill } from '../test-support/position-builders';
import { PositionFill } from './futures-position.types';
import {
  FuturesPositionHistoryPnl,
  PositionHistoryCheckpoint,
  PositionHistoryFolding,
} from './position-history-pnl';
import { utcDay } from '../pnl/utc-day';

const DAY_MS = 86_400_000;
/** 2024-07-01T00:00:00Z. */
const FIRST_DAY = 1_719_792_000_000;
const options = { markPrice: '2100', settlementAsset: 'USDT', feeAssetPrices: { BNB: '600' } };

/** Opens, adds, closes through zero and flips, with fees in two assets, a few fills a day. */
function fillsOverDays(days: number): PositionFill[] {
  const sides = ['BUY_OPEN', 'BUY_OPEN', 'SELL_CLOSE', 'SELL_CLOSE'] as const;
  return Array.from({ length: days * 4 }, (_, index) => {
    const input = positionFill(
      sides[index % 4],
      String(1 + (index % 3)),
      String(2_000 + ((index * 7) % 50)),
      {
        fillId: `F${String(index).padStart(4, '0')}`,
        time: FIRST_DAY + Math.floor(index / 4) * DAY_MS + (index % 4) * 60_000,
        fee: index % 5 === 0 ? { asset: 'BNB', amount: '0.001' } : { asset: 'USDT', amount: '0.3' },
      },
    );
    return { ...input, contractMultiplier: '0.01' };
  });
}

const reportFrom = (folding: PositionHistoryFolding) => folding.result([]);

describe('a position history folding resumed from a checkpoint', () => {
  const fills = fillsOverDays(10);
  const periodStart = FIRST_DAY + 7 * DAY_MS;
  const keepDay = (day: string) => day >= utcDay(periodStart);
  const before = fills.filter((fill) => fill.time < periodStart);
  const after = fills.filter((fill) => fill.time >= periodStart);

  it('reports exactly what one folding of every fill reports, through a JSON round trip', () => {
    const whole = new PositionHistoryFolding(options, keepDay);
    expect(whole.addFills(fills)).toBeNull();

    const first = new PositionHistoryFolding(options, keepDay);
    expect(first.addFills(before)).toBeNull();
    const checkpoint = first.checkpoint() as PositionHistoryCheckpoint;
    expect(checkpoint.realFills).toBe(before.length);
    const resumed = PositionHistoryFolding.resume(JSON.parse(JSON.stringify(checkpoint)), options, keepDay);
    if (resumed instanceof DomainError) throw resumed;
    expect(resumed.addFills(after)).toBeNull();

    expect(reportFrom(resumed)).toEqual(reportFrom(whole));
    expect((reportFrom(whole) as FuturesPositionHistoryPnl).byDay).toHaveLength(3);
  });

  it('still refuses a fill that does not sort after the checkpoint', () => {
    const first = new PositionHistoryFolding(options, keepDay);
    first.addFills(before);
    const resumed = PositionHistoryFolding.resume(
      first.checkpoint(),
      options,
      keepDay,
    ) as PositionHistoryFolding;
    const refused = resumed.addFills([before[before.length - 1]]);
    expect(refused).toBeInstanceOf(DomainError);
  });

  it('is not taken once a day line is kept or funding added: a checkpoint carries neither', () => {
    const folding = new PositionHistoryFolding(options, keepDay);
    folding.addFills(fills);
    expect(folding.checkpoint()).toMatchObject({ code: DomainErrorCode.InvalidField, field: 'checkpoint' });
  });

  it('names the field of a malformed checkpoint', () => {
    const first = new PositionHistoryFolding(options, keepDay);
    first.addFills(before);
    const checkpoint = first.checkpoint() as PositionHistoryCheckpoint;
    const broken = { ...checkpoint, lots: [{ ...checkpoint.lots[0], quantity: 'many' }] };
    expect(PositionHistoryFolding.resume(broken, options, keepDay)).toMatchObject({
      field: 'checkpoint.lots[0].quantity',
    });
  });
});
