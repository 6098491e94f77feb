import { Query } from '@nestjs/cqrs';
import { ListPositionsAsOfQuery } from './list-positions-as-of.query';
import { ListPositionsQuery } from './list-positions.query';
import { PositionListResponse } from './position.response';
import { PositionsRequest } from './positions.request';

/** The query a positions request asks for: now, or as of a past time. */
export function positionsQueryOf(
  request: PositionsRequest,
  accounts: readonly string[] | null,
): Query<PositionListResponse> {
  const includeFlat = request.includeFlat ?? false;
  return request.asOf === undefined
    ? new ListPositionsQuery(accounts, request.symbol, includeFlat)
    : new ListPositionsAsOfQuery(accounts, request.symbol, includeFlat, new Date(request.asOf));
}
