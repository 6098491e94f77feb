import { DataSource } from 'typeorm';
import {
  FuturesBalanceState,
  futuresBalanceFigures,
  FuturesPositionState,
  SpotBalanceState,
  spotBalanceFigures,
  futuresBalanceStreamId,
  positionStreamId,
  spotBalanceStreamId,
} from '@oms/domain';
import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { OrderRow, orderRowOf } from '../projections/order-row';
import { PositionRow, positionRowOf } from '../projections/position-row';
import { refoldStream } from './stream-refold';

export interface BalanceAsOf {
  readonly account: string;
  readonly wallet: 'spot' | 'futures';
  readonly asset: string;
  readonly free: string;
  readonly locked: string;
  readonly total: string;
  readonly updatedAt: number;
}

/**
 * The state of an order, position or balance as the OMS knew it at a past time (the
 * desk API's `asOf`): the aggregate's events recorded up to that time, folded with the
 * live deciders, rendered as the read-model row of that moment. Null when the OMS did
 * not know the aggregate yet.
 */
export class AsOfService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deciders: AggregateDeciders,
  ) {}

  /** By OMS order id (rm_orders.id). */
  async order(omsOrderId: string, at: Date): Promise<OrderRow | null> {
    const rows = await this.dataSource.query<Array<{ stream_id: string }>>(
      `SELECT stream_id FROM rm_orders WHERE id = $1`,
      [omsOrderId],
    );
    if (rows.length === 0) return null;
    return this.orderOfStream(rows[0].stream_id, at);
  }

  async orderOfStream(streamId: string, at: Date): Promise<OrderRow | null> {
    const folded = await refoldStream(this.dataSource, this.deciders, streamId, { recordedUpTo: at });
    if (folded.version === 0 || folded.latestOccurredAt === null) return null;
    return orderRowOf(streamId, folded.version, folded.state, folded.latestOccurredAt);
  }

  async position(
    account: string,
    symbol: string,
    side: 'LONG' | 'SHORT',
    at: Date,
  ): Promise<{ readonly row: PositionRow; readonly state: FuturesPositionState } | null> {
    const streamId = positionStreamId(account, symbol, side);
    const folded = await refoldStream(this.dataSource, this.deciders, streamId, { recordedUpTo: at });
    if (folded.version === 0 || folded.latestOccurredAt === null) return null;
    const state = folded.state as FuturesPositionState;
    const row = positionRowOf(streamId, folded.version, state, folded.latestOccurredAt);
    return row === null ? null : { row, state };
  }

  async balance(
    account: string,
    wallet: 'spot' | 'futures',
    asset: string,
    at: Date,
  ): Promise<BalanceAsOf | null> {
    const streamId =
      wallet === 'spot' ? spotBalanceStreamId(account, asset) : futuresBalanceStreamId(account, asset);
    const folded = await refoldStream(this.dataSource, this.deciders, streamId, { recordedUpTo: at });
    const figures =
      wallet === 'spot'
        ? spotBalanceFigures(folded.state as SpotBalanceState)
        : futuresBalanceFigures(folded.state as FuturesBalanceState);
    if (figures === null) return null;
    return {
      account,
      wallet,
      asset,
      free: figures.free,
      locked: figures.locked,
      total: figures.total,
      updatedAt: figures.venueTime,
    };
  }
}
