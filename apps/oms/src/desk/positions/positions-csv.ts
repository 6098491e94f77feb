import { csvLine } from '../reports/csv';
import { PositionListResponse } from './position.response';

const COLUMNS = [
  'account',
  'symbol',
  'side',
  'contracts',
  'avgPrice',
  'realizedPnl',
  'unrealizedPnl',
  'mark',
  'markTime',
  'fees',
  'funding',
  'venueContracts',
  'venueAvgPrice',
  'venueRealizedPnl',
  'breakId',
  'breakKind',
  'updatedAt',
] as const;

/** Positions as CSV, one line each, the venue's view and any break beside the OMS's. */
export function positionsCsv(list: PositionListResponse): string {
  return [
    csvLine(COLUMNS),
    ...list.items.map((position) =>
      csvLine([
        position.account,
        position.symbol,
        position.side,
        position.contracts,
        position.avgPrice,
        position.realizedPnl,
        position.unrealizedPnl,
        position.mark,
        position.markTime,
        position.fees,
        position.funding,
        position.venue?.contracts,
        position.venue?.avgPrice,
        position.venue?.realizedPnl,
        position.break?.id,
        position.break?.kind,
        position.updatedAt,
      ]),
    ),
  ].join('');
}
