import { Controller, Get, Headers, Query as QueryParams, Res, Type } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags, getSchemaPath, SchemaObject } from '@nestjs/swagger';
import { Response } from 'express';
import { DataSource } from 'typeorm';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { ApiJsonOrCsvOkResponse } from '../docs/json-or-csv.response';
import { FILL_COLUMNS, FillRow, toFillResponse } from '../fills/fill.row';
import { FillResponse } from '../fills/fill.response';
import { fillFilterSql } from '../fills/list-fills.query';
import { orderFilterSql } from '../orders/list-orders.query';
import { toOrderResponse } from '../orders/order.mapper';
import { ORDER_COLUMNS, OrderRow } from '../orders/order.row';
import { OrderResponse } from '../orders/order.response';
import { exportFormatOf } from './export-format';
import { FillExportRequest, OrderExportRequest } from './export.requests';
import { streamExport } from './export.stream';

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

/** The JSON of an export: every item of the period in one document, without paging. */
function itemsOf(model: Type<unknown>): SchemaObject {
  return {
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items: { $ref: getSchemaPath(model) } } },
  };
}

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

/** A period's orders or fills (same filters as the lists) as CSV or JSON, streamed newest first. */
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
  @ApiProduces('text/csv', 'application/json')
  @ApiJsonOrCsvOkResponse(itemsOf(OrderResponse), OrderResponse)
  async orders(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: OrderExportRequest,
    @Headers('accept') accept: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const { account, format, ...filter } = request;
    const sql = orderFilterSql(filter, this.scope.accountsFor(actor, account));
    await streamExport(this.dataSource, response, exportFormatOf(format, accept), {
      name: 'orders',
      columns: ORDER_CSV_COLUMNS,
      sql: `SELECT ${ORDER_COLUMNS} FROM rm_orders ${sql.clause()} ORDER BY created_at DESC, id DESC`,
      params: sql.params,
      item: (row: OrderRow) => toOrderResponse(row),
    });
  }

  @Get('fills/export')
  @ApiProduces('text/csv', 'application/json')
  @ApiJsonOrCsvOkResponse(itemsOf(FillResponse), FillResponse)
  async fills(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: FillExportRequest,
    @Headers('accept') accept: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const { account, format, ...filter } = request;
    const sql = fillFilterSql(filter, this.scope.accountsFor(actor, account));
    await streamExport(this.dataSource, response, exportFormatOf(format, accept), {
      name: 'fills',
      columns: FILL_CSV_COLUMNS,
      sql: `SELECT ${FILL_COLUMNS} FROM rm_fills ${sql.clause()} ORDER BY time DESC, fill_id DESC`,
      params: sql.params,
      item: (row: FillRow) => toFillResponse(row),
    });
  }
}
