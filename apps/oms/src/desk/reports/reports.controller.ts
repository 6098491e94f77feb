import { Controller, Get, Headers, Query as QueryParams, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiProduces, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Response } from 'express';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { ApiJsonOrCsvOkResponse } from '../docs/json-or-csv.response';
import { pnlReportCsv } from './pnl-csv';
import { PnlReportQuery } from './pnl-report.query';
import { PnlReportResponse } from './pnl.response';
import { PnlReportHttpRequest } from './pnl.request';
import { pnlQueryOf } from './pnl-query.factory';

@ApiTags('reports')
@ApiBearerAuth()
@Controller('v1/reports')
@RequireRole('viewer')
export class ReportsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  /** Realized and unrealized P&L, fees and funding apart, in USDT (JSON, or CSV by format or Accept). */
  @Get('pnl')
  @ApiProduces('application/json', 'text/csv')
  @ApiJsonOrCsvOkResponse({ $ref: getSchemaPath(PnlReportResponse) }, PnlReportResponse)
  async pnl(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: PnlReportHttpRequest,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PnlReportResponse | string> {
    this.scope.require(actor, request.account);
    const report = await this.queries.execute<PnlReportQuery, PnlReportResponse>(pnlQueryOf(request));
    const csv =
      request.format === 'csv' || (request.format === undefined && /\btext\/csv\b/.test(accept ?? ''));
    if (!csv) return report;
    response.type('text/csv');
    response.setHeader('Content-Disposition', `attachment; filename="pnl-${request.account}.csv"`);
    return pnlReportCsv(report);
  }
}
