import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { uncertaintyReasonOf } from '@oms/observations';
import { WriteOutcome } from '@oms/exchange';
import { CommandAnswer } from '../idempotency/idempotent-answer';
import { deskErrorOfRejection } from '../placement/venue-refusal';
import { PreTradeService } from '../pre-trade/pre-trade.service';
import { LeverageSettings } from './leverage-settings';
import { TransferSlots } from './transfer-slots';
import { VenueGateways } from './venue-gateways';

export interface LeverageInput {
  readonly account: string;
  readonly symbol: string;
  readonly leverage: number;
}
export interface MarginTypeInput {
  readonly account: string;
  readonly symbol: string;
  readonly marginType: 'CROSS' | 'ISOLATED';
}
export interface PositionMarginInput {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
  readonly amount: string;
}
export interface TradingStopInput {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
  readonly stopProfit?: string;
  readonly stopLoss?: string;
  readonly tpTriggerBy?: 'MARK_PRICE' | 'CONTRACT_PRICE';
  readonly slTriggerBy?: 'MARK_PRICE' | 'CONTRACT_PRICE';
}
export interface TransferInput {
  readonly account: string;
  readonly fromAccountId: string;
  readonly toAccountId: string;
  readonly coin: string;
  readonly quantity: string;
  readonly remark?: string;
  readonly clientOrderId?: string;
}

/** The client id a transfer is sent with. */
export function transferClientOrderId(input: TransferInput, clientOrderToken?: string): string {
  return input.clientOrderId ?? `oms-t-${clientOrderToken ?? randomUUID().replace(/-/g, '')}`;
}

/**
 * Futures settings (leverage, margin type, position margin, take-profit / stop-loss)
 * and internal transfers, sent once with the account's key. The venue's answer comes
 * back as is; an uncertain one answers 202 UNCERTAIN (settings are safe to read back;
 * a transfer carries its client id so it can be looked up, never re-sent).
 */
@Injectable()
export class VenueSettingsService {
  constructor(
    private readonly gateways: VenueGateways,
    private readonly preTrade: PreTradeService,
    private readonly transferSlots: TransferSlots,
    private readonly leverageSettings: LeverageSettings,
  ) {}

  /**
   * A leverage the venue accepted is recorded for the margin checks of every OMS process
   * (`LeverageSettings`); after any answer this process asks the venue again.
   */
  async setLeverage(input: LeverageInput): Promise<CommandAnswer> {
    const { client } = this.gateways.get(input.account);
    const outcome = await client.futures.setLeverage(input.symbol, input.leverage);
    this.preTrade.forgetLeverage(input.account, input.symbol);
    const answer = settle(input.account, outcome, 200);
    if (outcome.kind === 'accepted') {
      await this.leverageSettings.record(input.account, input.symbol, String(input.leverage));
    }
    return answer;
  }

  async setMarginType(input: MarginTypeInput): Promise<CommandAnswer> {
    const { client } = this.gateways.get(input.account);
    return settle(input.account, await client.futures.setMarginType(input.symbol, input.marginType), 200);
  }

  async adjustPositionMargin(input: PositionMarginInput): Promise<CommandAnswer> {
    const { client } = this.gateways.get(input.account);
    const { account: _account, ...request } = input;
    return settle(input.account, await client.futures.adjustPositionMargin(request), 200);
  }

  async setTradingStop(input: TradingStopInput): Promise<CommandAnswer> {
    const { client } = this.gateways.get(input.account);
    const { account: _account, ...request } = input;
    return settle(input.account, await client.futures.setTradingStop(request), 200);
  }

  /**
   * At most one a second per key, whichever OMS process sends it: each transfer waits
   * for the moment it reserved (`TransferSlots`), then for the client's transfer budget.
   * Its client id is the desk's, else `oms-t-` and the given token (random without one).
   */
  async transfer(input: TransferInput, clientOrderToken?: string): Promise<CommandAnswer> {
    const { client, account } = this.gateways.get(input.account);
    await this.transferSlots.waitForSlot(account.credentials.apiKey);
    const clientOrderId = transferClientOrderId(input, clientOrderToken);
    const { account: _account, ...request } = input;
    const outcome = await client.account.transfer({ ...request, clientOrderId });
    return settle(input.account, outcome, 201, { clientOrderId });
  }
}

function settle(
  account: string,
  outcome: WriteOutcome<object>,
  status: number,
  extra: Record<string, unknown> = {},
): CommandAnswer {
  switch (outcome.kind) {
    case 'accepted': {
      const body = { account, state: 'ACCEPTED', ...extra, venue: outcome.value };
      return { statusCode: status, body, kept: { kind: 'body', body } };
    }
    case 'uncertain': {
      const body = {
        account,
        state: 'UNCERTAIN',
        ...extra,
        reason: uncertaintyReasonOf(outcome),
        detail: outcome.detail.slice(0, 200),
      };
      return { statusCode: 202, body, kept: { kind: 'body', body } };
    }
    case 'rejected':
      throw deskErrorOfRejection(outcome.error, outcome.sent);
  }
}
