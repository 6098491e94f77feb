import type { EngineContext } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import type { Instrument } from '../instruments/instrument-registry';
import { FUNDING_RATE } from '../market/market-data';
import { clampLimit } from '../spot/spot-queries';
import type { EngineDecimal } from '../support/engine-decimal';
import { dec, formatDecimal, parseDecimalField } from '../support/engine-decimal';
import { compareIds } from '../support/id-sequence';
import type {
  FundingHistoryQuery,
  FundingHistoryRecord,
  FundingPaymentRecord,
  FundingSettlementRecord,
  SettleFundingCommand,
} from '../types/futures.types';
import type { FundingSchedule } from './funding-schedule';
import type { FuturesAccountBook } from './futures-account-book';
import type { FuturesPosition } from './futures-position';

/** A rate of 100 % or more would take more than a whole position value: surely a typo. */
const MAX_ABS_RATE = dec(1);

/**
 * Funding settlement, on demand (the control plane) or at the schedule's settlement
 * times (the host's timer asks; the engine keeps no timers). Each open
 * desk position pays or receives mark x contracts x multiplier x rate: a positive rate
 * takes from LONG and gives to SHORT. The payment moves the wallet balance; an
 * ISOLATED position's margin moves with it, as its margin is its own wallet, while a
 * CROSS position draws on the shared balance and keeps its margin.
 */
export class FundingSettlement {
  private readonly history: FundingHistoryRecord[] = [];
  private readonly payments: FundingPaymentRecord[] = [];

  constructor(
    private readonly context: EngineContext,
    private readonly accounts: FuturesAccountBook,
    private readonly schedule: FundingSchedule,
    /** Fires what the changed margins trigger (liquidations) and publishes the changes. */
    private readonly afterSettlement: (symbol: string) => void,
  ) {}

  settle(command: SettleFundingCommand): FundingSettlementRecord[] {
    const rate =
      command.rate === undefined || command.rate === '' ? dec(FUNDING_RATE) : this.parseRate(command.rate);
    const contracts =
      command.symbol === undefined || command.symbol === ''
        ? this.perpetuals()
        : [this.context.instruments.require(command.symbol, 'PERPETUAL')];
    const settleTime = this.context.clock.now();
    return contracts.map((contract) => this.settleContract(contract, rate, settleTime));
  }

  /**
   * Settles every perpetual at the published rate when the clock has reached a
   * settlement time the schedule advertised and that was not settled yet; the rows
   * carry that advertised time. Nothing happens (an empty list) otherwise.
   */
  settleDue(): FundingSettlementRecord[] {
    const settleTime = this.schedule.takeDue();
    if (settleTime === undefined) return [];
    return this.perpetuals().map((contract) => this.settleContract(contract, dec(FUNDING_RATE), settleTime));
  }

  private perpetuals(): Instrument[] {
    return this.context.instruments.all().filter((instrument) => instrument.kind === 'PERPETUAL');
  }

  /** Newest first, as a desk reads the latest settlements. */
  historyOf(query: FundingHistoryQuery): FundingHistoryRecord[] {
    const symbol = this.context.instruments.require(query.symbol, 'PERPETUAL').symbol;
    return this.history
      .filter(
        (entry) =>
          entry.symbol === symbol &&
          (query.fromId === undefined || query.fromId === '' || compareIds(entry.id, query.fromId) >= 0) &&
          (query.endId === undefined || query.endId === '' || compareIds(entry.id, query.endId) <= 0),
      )
      .reverse()
      .slice(0, clampLimit(query.limit, 20, 100));
  }

  paymentsOf(accountId: string): FundingPaymentRecord[] {
    return this.payments.filter((payment) => payment.accountId === accountId);
  }

  private settleContract(
    contract: Instrument,
    rate: EngineDecimal,
    settleTime: number,
  ): FundingSettlementRecord {
    const settlement: FundingHistoryRecord = {
      id: this.context.ids.nextId(),
      symbol: contract.symbol,
      settleTime,
      settleRate: formatDecimal(rate),
    };
    const mark = this.context.marks.price(contract.symbol);
    const payments = this.accounts
      .positionsOfSymbol(contract.symbol)
      .filter((position) => !this.context.participantAccounts.has(position.accountId))
      .map((position) => this.charge(position, contract, mark, rate, settlement));
    this.history.push(settlement);
    this.payments.push(...payments);
    this.afterSettlement(contract.symbol);
    return { ...settlement, markPrice: formatDecimal(mark), payments };
  }

  private charge(
    position: FuturesPosition,
    contract: Instrument,
    mark: EngineDecimal,
    rate: EngineDecimal,
    settlement: FundingHistoryRecord,
  ): FundingPaymentRecord {
    const positionValue = mark.mul(position.quantity).mul(contract.multiplier);
    const owed = positionValue.mul(rate);
    const amount = position.side === 'LONG' ? owed.neg() : owed;
    const wallet = this.accounts.wallet(position.accountId);
    wallet.balance = wallet.balance.plus(amount);
    this.accounts.markWalletChanged(position.accountId);
    const { marginType } = this.accounts.leverageOf(position.accountId, contract);
    if (marginType === 'ISOLATED') {
      position.margin = position.margin.plus(amount);
      this.accounts.markPositionChanged(position);
    }
    return {
      fundingId: settlement.id,
      userId: position.userId,
      accountId: position.accountId,
      symbol: contract.symbol,
      side: position.side,
      marginType,
      position: formatDecimal(position.quantity),
      markPrice: formatDecimal(mark),
      positionValue: formatDecimal(positionValue),
      rate: settlement.settleRate,
      amount: formatDecimal(amount),
      asset: wallet.asset,
      settleTime: settlement.settleTime,
    };
  }

  private parseRate(text: string): EngineDecimal {
    const rate = parseDecimalField(text, 'rate');
    if (rate.abs().gte(MAX_ABS_RATE))
      throw new VenueEngineError('invalidParameter', { field: 'rate', detail: 'must be between -1 and 1' });
    return rate;
  }
}
