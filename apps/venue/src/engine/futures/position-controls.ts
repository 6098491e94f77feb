import type { EngineContext } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import type { EngineDecimal } from '../support/engine-decimal';
import { ZERO, formatDecimal, parseDecimalField, parsePositiveDecimalField } from '../support/engine-decimal';
import { optionalOneOf } from '../spot/spot-order-intake';
import type {
  PositionMarginAdjustCommand,
  PositionSide,
  TradingStopCommand,
  TradingStopRecord,
  TriggerPriceType,
} from '../types/futures.types';
import type { FuturesAccountBook } from './futures-account-book';
import type { FuturesPosition } from './futures-position';

const TRIGGER_TYPES: readonly TriggerPriceType[] = ['MARK_PRICE', 'CONTRACT_PRICE'];
const POSITION_SIDES: readonly PositionSide[] = ['LONG', 'SHORT'];

/** What a desk can change on an open position: its isolated margin and its take-profit / stop-loss. */
export class PositionControls {
  constructor(
    private readonly context: EngineContext,
    private readonly accounts: FuturesAccountBook,
  ) {}

  adjustMargin(
    accountId: string,
    command: PositionMarginAdjustCommand,
  ): { symbol: string; margin: string; timestamp: number } {
    const instrument = this.context.instruments.require(command.symbol, 'PERPETUAL');
    const side = optionalOneOf(command.side, POSITION_SIDES, 'side', 'LONG');
    const amount = parseDecimalField(command.amount, 'amount');
    if (amount.isZero())
      throw new VenueEngineError('invalidParameter', { field: 'amount', detail: 'must not be zero' });
    const setting = this.accounts.leverageOf(accountId, instrument);
    if (setting.marginType !== 'ISOLATED') {
      throw new VenueEngineError('operationNotSupported', {
        detail: 'position margin can only be changed in ISOLATED mode',
      });
    }
    const position = this.openPosition(accountId, instrument.symbol, side);
    if (amount.gt(0)) {
      this.accounts.requireAvailable(accountId, amount);
    } else {
      // Margin can come out only down to the initial margin of the position at its leverage.
      const floor = position.avgPrice.mul(position.quantity).mul(instrument.multiplier).div(setting.leverage);
      const reducible = position.margin.minus(floor);
      if ((reducible.gt(0) ? reducible : ZERO).lt(amount.neg()))
        throw new VenueEngineError('insufficientMargin', { field: 'amount' });
    }
    position.margin = position.margin.plus(amount);
    this.accounts.markPositionChanged(position);
    this.accounts.publishChanges();
    return {
      symbol: instrument.symbol,
      margin: formatDecimal(position.margin),
      timestamp: this.context.clock.now(),
    };
  }

  setTradingStop(accountId: string, command: TradingStopCommand): TradingStopRecord {
    const instrument = this.context.instruments.require(command.symbol, 'PERPETUAL');
    const side = optionalOneOf(command.side, POSITION_SIDES, 'side', 'LONG');
    const hasProfit = command.stopProfit !== undefined && command.stopProfit !== '';
    const hasLoss = command.stopLoss !== undefined && command.stopLoss !== '';
    if (!hasProfit && !hasLoss) throw new VenueEngineError('requiredField', { field: 'stopProfit' });
    const position = this.openPosition(accountId, instrument.symbol, side);
    if (hasProfit) {
      position.stopProfit = parsePositiveDecimalField(command.stopProfit, 'stopProfit');
      position.stopProfitTrigger = triggerTypeOf(command.tpTriggerBy, 'tpTriggerBy');
    }
    if (hasLoss) {
      position.stopLoss = parsePositiveDecimalField(command.stopLoss, 'stopLoss');
      position.stopLossTrigger = triggerTypeOf(command.slTriggerBy, 'slTriggerBy');
    }
    return tradingStopRecord(instrument.symbol, position);
  }

  private openPosition(accountId: string, symbol: string, side: PositionSide): FuturesPosition {
    const position = this.accounts.position(accountId, symbol, side);
    if (position.quantity.lte(0)) throw new VenueEngineError('positionNotFound');
    return position;
  }
}

/** Take-profit and stop-loss follow the last traded price unless told to follow the mark. */
function triggerTypeOf(value: string | undefined, field: string): TriggerPriceType {
  return optionalOneOf(value, TRIGGER_TYPES, field, 'CONTRACT_PRICE');
}

export function tradingStopRecord(
  symbol: string,
  position: {
    side: PositionSide;
    stopProfit?: EngineDecimal;
    stopLoss?: EngineDecimal;
    stopProfitTrigger: TriggerPriceType;
    stopLossTrigger: TriggerPriceType;
  },
): TradingStopRecord {
  return {
    symbol,
    side: position.side,
    stopProfitPrice: position.stopProfit === undefined ? '' : formatDecimal(position.stopProfit),
    stopProfitTriggerConditionType: position.stopProfitTrigger,
    stopLossPrice: position.stopLoss === undefined ? '' : formatDecimal(position.stopLoss),
    stopLossTriggerConditionType: position.stopLossTrigger,
  };
}
