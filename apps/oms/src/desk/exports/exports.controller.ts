import { Controller, Get, Query as QueryParams, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { DataSource } from 'typeorm';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { FillFilterRequest } from '../fills/fill-filter.request';
import { FILL_COLUMNS, FillRow, toFillResponse } from '../fills/fill.row';
import { fillFilterSql } from '../fills/list-fills.query';
import { orderFilterSql } from '../orders/list-orders.query';
import { OrderFilterRequest } from '../orders/order-filter.request';
import { toOrderResponse } from '../orders/order.mapper';
import { ORDER_COLUMNS, OrderRow } from '../orders/order.row';
import { streamCsvExport } from './csv-export.stream';

const ORDER_CSV_COLUMNS = [
  'id',
  'account',
  'market',
  'symbol',
  'side',
  'type',
  'priceType',
  'stopPrice',
  'leverage',
  'timeInForce',
  'price',
  'origQty',
  'amount',
  'executedQty',
  'avgPrice',
  'cumulativeQuoteQty',
  'clientOrderId',
  'orderId',
  'status',
  'origin',
  'createdBy',
  'createdAt',
  'updatedAt',
] as const;

const FILL_CSV_COLUMNS = [
  'fillId',
  'omsOrderId',
  'orderId',
  'account',
  'market',
  'symbol',
  'side',
  'price',
  'qty',
  'quoteQty',
  'fee',
  'feeAsset',
  'realizedPnl',
  'isMaker',
  'time',
  'sources',
] as const;

/** CSV of a period's orders or fills (same filters as the lists), streamed newest first. */
@ApiTags('exports')
@ApiBearerAuth()
@Controller('v1')
@RequireRole('viewer')
export class ExportsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scope: AccountScope,
  ) {}

  @Get('orders/export')
  @ApiProduces('text/csv')
  async orders(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: OrderFilterRequest,
    @Res() response: Response,
  ): Promise<void> {
    const { account, ...filter } = request;
    const sql = orderFilterSql(filter, this.scope.accountsFor(actor, account));
    await streamCsvExport<OrderRow>(this.dataSource, response, {
      filename: 'orders.csv',
      columns: ORDER_CSV_COLUMNS,
      sql: `SELECT ${ORDER_COLUMNS} FROM rm_orders ${sql.clause()} ORDER BY created_at DESC, id DESC`,
      params: sql.params,
      values: (row) => {
        const order = toOrderResponse(row);
        return ORDER_CSV_COLUMNS.map((column) => order[column]);
      },
    });
  }

  @Get('fills/export')
  @ApiProduces('text/csv')
  async fills(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: FillFilterRequest,
    @Res() response: Response,
  ): Promise<void> {
    const { account, ...filter } = request;
    const sql = fillFilterSql(filter, this.scope.accountsFor(actor, account));
    await streamCsvExport<FillRow>(this.dataSource, response, {
      filename: 'fills.csv',
      columns: FILL_CSV_COLUMNS,
      sql: `SELECT ${FILL_COLUMNS} FROM rm_fills ${sql.clause()} ORDER BY time DESC, fill_id DESC`,
      params: sql.params,
      values: (row) => {
        const fill = toFillResponse(row);
        return FILL_CSV_COLUMNS.map((column) => fill[column]);
      },
    });
  }
}
