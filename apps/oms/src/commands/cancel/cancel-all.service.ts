import { Injectable } from '@nestjs/common';
import { SymbolRules, WriteOutcome } from '@oms/exchange';
import { DomainError } from '@oms/domain';
import { CommandReadModels } from '../orders/command-read-models';
import { CommandOrigin } from '../placement/order-commands';
import { deskErrorOfRejection } from '../placement/venue-refusal';
import { VenueGateway, VenueGateways } from '../venue/venue-gateways';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { refusalError } from '../pre-trade/pre-trade-refusal';
import { checkSymbolTrades } from '../pre-trade/symbol-filter-checks';
import { bulkAnswerOf, BulkCancelRecorder } from './bulk-cancel.recorder';
import { refOfOrder } from './order-cancel.service';

/**
 * A symbol the venue does not list for the market names no order: refused, so that a
 * mistyped symbol is not answered `requested: 0` as if nothing were open. A symbol that
 * does not trade now still cancels. Without exchange info yet, nothing is refused: a
 * cancel must not wait for it.
 */
function refuseUnknownSymbol(gateway: VenueGateway, market: 'spot' | 'futures', symbol: string): void {
  let rules: SymbolRules | undefined;
  try {
    rules = gateway.rules(symbol);
  } catch (error) {
    if (error instanceof DeskError && error.code === DeskErrorCode.VENUE_UNAVAILABLE) return;
    throw error;
  }
  const refused = checkSymbolTrades(rules, market, symbol);
  if (refused?.rule === 'SYMBOL_UNKNOWN') throw refusalError(refused);
}

export interface CancelAllInput {
  readonly account: string;
  readonly symbol?: string;
  readonly side?: 'BUY' | 'SELL';
}

/**
 * Cancels every open order of an account (optionally one symbol and side) with the
 * venue's bulk endpoint, within the site family's limits. The OMS's desk orders it
 * covers get their cancel request recorded first and are settled one by one by their
 * own reports (or by the resolver when the bulk answer is uncertain).
 */
@Injectable()
export class CancelAllService {
  constructor(
    private readonly gateways: VenueGateways,
    private readonly readModels: CommandReadModels,
    private readonly recorder: BulkCancelRecorder,
  ) {}

  async cancelAll(
    market: 'spot' | 'futures',
    input: CancelAllInput,
    origin: CommandOrigin,
  ): Promise<{ requested: number }> {
    const gateway = this.gateways.get(input.account);
    if (input.symbol !== undefined) refuseUnknownSymbol(gateway, market, input.symbol);
    const open = await this.readModels.openOrders(input.account, market, input.symbol, input.side);
    // An order placed elsewhere that the OMS knows no venue id of cannot be named later.
    const refs = open.filter((order) => order.origin === 'desk' || order.orderId !== null).map(refOfOrder);
    const written = await this.recorder.request(refs, origin);
    const requested = refs.filter((_, index) => !(written[index] instanceof DomainError));
    const outcome = await this.send(market, input, gateway.client);
    await this.recorder.recordAnswers(
      requested.map((ref) => bulkAnswerOf(ref, outcome)),
      origin,
    );
    if (outcome.kind === 'rejected') throw deskErrorOfRejection(outcome.error, outcome.sent);
    return { requested: open.length };
  }

  private send(
    market: 'spot' | 'futures',
    input: CancelAllInput,
    client: ReturnType<VenueGateways['get']>['client'],
  ): Promise<WriteOutcome<unknown>> {
    if (market === 'spot') return client.spot.cancelOpenOrders({ symbol: input.symbol, side: input.side });
    if (input.symbol !== undefined)
      return client.futures.cancelSymbolOrders({ symbol: input.symbol, side: input.side });
    return client.futures.cancelAllOpenOrders({ side: input.side });
  }
}
