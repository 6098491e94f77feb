import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import type { DeskActor } from '../../access/desk-actor';
import { TransferResponse, VenueSettingResponse } from '../dto/command.responses';
import {
  LeverageRequest,
  MarginTypeRequest,
  PositionMarginRequest,
  TradingStopRequest,
  TransferRequest,
} from '../dto/venue-settings.request';
import { ChangeFuturesSettingCommand, FuturesSetting, TransferAssetCommand } from '../handlers/desk-commands';
import { commandContext } from './command-context';
import { IDEMPOTENCY_HEADER } from './idempotency-header';

const UNCERTAIN_ANSWER = "state UNCERTAIN: the venue's answer is unknown (a 5XX, a timeout or a reset)";

/** Futures settings and internal transfers, as the exchange's endpoints with `account`. */
@ApiTags('futures settings and transfers')
@ApiBearerAuth()
@ApiHeader(IDEMPOTENCY_HEADER)
@Controller('v1')
@RequireRole('trader')
export class VenueSettingsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('futures/leverage')
  @ApiOperation({ summary: 'Set the leverage of a perpetual' })
  @ApiOkResponse({ type: VenueSettingResponse, description: 'The venue took it' })
  @ApiAcceptedResponse({ type: VenueSettingResponse, description: UNCERTAIN_ANSWER })
  leverage(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() request: LeverageRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.change(actor, key, { kind: 'leverage', request }, response);
  }

  @Post('futures/margin-type')
  @ApiOperation({ summary: 'Set CROSS or ISOLATED margin' })
  @ApiOkResponse({ type: VenueSettingResponse, description: 'The venue took it' })
  @ApiAcceptedResponse({ type: VenueSettingResponse, description: UNCERTAIN_ANSWER })
  marginType(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() request: MarginTypeRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.change(actor, key, { kind: 'margin-type', request }, response);
  }

  @Post('futures/position-margin')
  @ApiOperation({ summary: 'Add (positive) or remove (negative) isolated margin' })
  @ApiOkResponse({ type: VenueSettingResponse, description: 'The venue took it' })
  @ApiAcceptedResponse({ type: VenueSettingResponse, description: UNCERTAIN_ANSWER })
  positionMargin(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() request: PositionMarginRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.change(actor, key, { kind: 'position-margin', request }, response);
  }

  @Post('futures/trading-stop')
  @ApiOperation({ summary: 'Take-profit and / or stop-loss of a position' })
  @ApiOkResponse({ type: VenueSettingResponse, description: 'The venue took it' })
  @ApiAcceptedResponse({ type: VenueSettingResponse, description: UNCERTAIN_ANSWER })
  tradingStop(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() request: TradingStopRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.change(actor, key, { kind: 'trading-stop', request }, response);
  }

  @Post('transfers')
  @ApiOperation({
    summary: 'Internal asset transfer (at most one a second per key; carries a client order id)',
  })
  @ApiCreatedResponse({ type: TransferResponse, description: 'The venue took it' })
  @ApiAcceptedResponse({ type: TransferResponse, description: UNCERTAIN_ANSWER })
  async transfer(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() request: TransferRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const answer = await this.commandBus.execute(
      new TransferAssetCommand(commandContext(actor, key), request),
    );
    response.status(answer.statusCode);
    return answer.body;
  }

  private async change(
    actor: DeskActor,
    key: string | undefined,
    setting: FuturesSetting,
    response: Response,
  ): Promise<unknown> {
    const answer = await this.commandBus.execute(
      new ChangeFuturesSettingCommand(commandContext(actor, key), setting),
    );
    response.status(answer.statusCode);
    return answer.body;
  }
}
