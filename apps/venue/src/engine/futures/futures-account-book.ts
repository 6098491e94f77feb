import type { EngineContext } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import type { Instrument } from '../instruments/instrument-registry';
import { EngineDecimal, ZERO, formatDecimal, formatRounded, maxDecimal } from '../support/engine-decimal';
import type { FuturesBalanceRecord } from '../types/account.types';
import type { FuturesPositionRecord, MarginType, PositionSide } from '../types/futures.types';
import type { LeverageSetting } from './futures-position';
import { FuturesPosition, FuturesWallet } from './futures-position';

/**
 * Wallets, positions and leverage settings of futures accounts, plus the figures
 * derived from them at the current mark (unrealized PnL, available balance,
 * liquidation price). Changed wallets and positions are remembered until published.
 */
export class FuturesAccountBook {
  private readonly wallets = new Map<string, FuturesWallet>();
  private readonly positions = new Map<string, FuturesPosition>();
  private readonly positionsByAccount = new Map<string, FuturesPosition[]>();
  private readonly positionsBySymbol = new Map<string, FuturesPosition[]>();
  private readonly leverages = new Map<string, LeverageSetting>();
  private readonly dirtyWallets = new Set<string>();
  private readonly dirtyPositions = new Set<FuturesPosition>();

  constructor(private readonly context: EngineContext) {}

  wallet(accountId: string): FuturesWallet {
    let wallet = this.wallets.get(accountId);
    if (wallet === undefined) {
      const account = this.context.users.requireAccount(accountId);
      wallet = new FuturesWallet(account.userId, accountId, 'USDT');
      this.wallets.set(accountId, wallet);
    }
    return wallet;
  }

  markWalletChanged(accountId: string): void {
    this.dirtyWallets.add(accountId);
  }

  position(accountId: string, symbol: string, side: PositionSide): FuturesPosition {
    const key = `${accountId}|${symbol}|${side}`;
    let position = this.positions.get(key);
    if (position === undefined) {
      const account = this.context.users.requireAccount(accountId);
      position = new FuturesPosition(account.userId, accountId, symbol, side, this.context.clock.now());
      this.positions.set(key, position);
      this.positionsByAccount.set(accountId, [...(this.positionsByAccount.get(accountId) ?? []), position]);
      this.positionsBySymbol.set(symbol, [...(this.positionsBySymbol.get(symbol) ?? []), position]);
    }
    return position;
  }

  markPositionChanged(position: FuturesPosition): void {
    position.updateTime = this.context.clock.now();
    this.dirtyPositions.add(position);
    this.dirtyWallets.add(position.accountId);
  }

  /** Open positions of a symbol changed since the last publication: what a trade just touched. */
  changedOpenPositionsOf(symbol: string): FuturesPosition[] {
    return [...this.dirtyPositions].filter(
      (position) => position.symbol === symbol && position.quantity.gt(0),
    );
  }

  positionsOf(accountId: string): readonly FuturesPosition[] {
    return this.positionsByAccount.get(accountId) ?? [];
  }

  /** Open positions of a symbol, every account. */
  positionsOfSymbol(symbol: string): FuturesPosition[] {
    return (this.positionsBySymbol.get(symbol) ?? []).filter((position) => position.quantity.gt(0));
  }

  leverageOf(accountId: string, instrument: Instrument): LeverageSetting {
    const key = `${accountId}|${instrument.symbol}`;
    let setting = this.leverages.get(key);
    if (setting === undefined) {
      setting = { leverage: instrument.record.defaultLeverage, marginType: 'CROSS' };
      this.leverages.set(key, setting);
    }
    return setting;
  }

  leverageSettingsOf(accountId: string): { symbol: string; setting: LeverageSetting }[] {
    return [...this.leverages.entries()]
      .filter(([key]) => key.startsWith(`${accountId}|`))
      .map(([key, setting]) => ({ symbol: key.slice(accountId.length + 1), setting }));
  }

  setMarginType(accountId: string, instrument: Instrument, marginType: MarginType): LeverageSetting {
    const setting = this.leverageOf(accountId, instrument);
    setting.marginType = marginType;
    return setting;
  }

  unrealizedPnl(position: FuturesPosition): EngineDecimal {
    if (position.quantity.isZero()) return ZERO;
    const instrument = this.context.instruments.require(position.symbol, 'PERPETUAL');
    return position.pnlAt(
      this.context.marks.price(position.symbol),
      position.quantity,
      instrument.multiplier,
    );
  }

  positionMargin(accountId: string): EngineDecimal {
    return this.positionsOf(accountId).reduce((sum, position) => sum.plus(position.margin), ZERO);
  }

  crossUnrealizedPnl(accountId: string): EngineDecimal {
    return this.positionsOf(accountId).reduce(
      (sum, position) => sum.plus(this.unrealizedPnl(position)),
      ZERO,
    );
  }

  /** balance - positionMargin - orderMargin + crossUnRealizedPnl, as the exchange defines it. */
  availableBalance(accountId: string): EngineDecimal {
    const wallet = this.wallet(accountId);
    return wallet.balance
      .minus(this.positionMargin(accountId))
      .minus(wallet.orderMargin)
      .plus(this.crossUnrealizedPnl(accountId));
  }

  requireAvailable(accountId: string, amount: EngineDecimal): void {
    if (this.availableBalance(accountId).lt(amount)) throw new VenueEngineError('insufficientMargin');
  }

  balanceRecord(accountId: string): FuturesBalanceRecord {
    const wallet = this.wallet(accountId);
    return {
      asset: wallet.asset,
      balance: formatDecimal(wallet.balance),
      availableBalance: formatDecimal(this.availableBalance(accountId)),
      positionMargin: formatDecimal(this.positionMargin(accountId)),
      orderMargin: formatDecimal(wallet.orderMargin),
      crossUnRealizedPnl: formatDecimal(this.crossUnrealizedPnl(accountId)),
    };
  }

  /** Where the loss eats the margin down to maintenance (the position's own margin, read as isolated). */
  liquidationPrice(position: FuturesPosition): EngineDecimal | undefined {
    if (position.quantity.lte(0)) return undefined;
    const instrument = this.context.instruments.require(position.symbol, 'PERPETUAL');
    const base = position.quantity.mul(instrument.multiplier);
    const maintenance = position.avgPrice.mul(base).mul(instrument.maintMarginRate);
    const cushion = position.margin.minus(maintenance).div(base);
    return position.side === 'LONG' ? position.avgPrice.minus(cushion) : position.avgPrice.plus(cushion);
  }

  positionRecord(position: FuturesPosition): FuturesPositionRecord {
    const instrument = this.context.instruments.require(position.symbol, 'PERPETUAL');
    const setting = this.leverageOf(position.accountId, instrument);
    const mark = this.context.marks.price(position.symbol);
    const multiplier = instrument.multiplier;
    const unrealized = this.unrealizedPnl(position);
    const positionValue = position.avgPrice.mul(position.quantity).mul(multiplier);
    const maintenance = positionValue.mul(instrument.maintMarginRate);
    const open = position.quantity.gt(0);
    // Liquidation when the loss eats the margin down to maintenance (isolated reading of the margin).
    const cushionPerContract = open
      ? position.margin.minus(maintenance).div(position.quantity.mul(multiplier))
      : ZERO;
    const liquidationPrice = !open
      ? '0'
      : formatRounded(
          position.side === 'LONG'
            ? position.avgPrice.minus(cushionPerContract)
            : position.avgPrice.plus(cushionPerContract),
          instrument.priceDecimals,
        );
    const equity = position.margin.plus(unrealized);
    return {
      accountId: position.accountId,
      symbol: position.symbol,
      side: position.side,
      avgPrice: open ? formatRounded(position.avgPrice, instrument.priceDecimals + 4) : '0',
      position: formatDecimal(position.quantity),
      available: formatDecimal(position.available),
      leverage: String(setting.leverage),
      lastPrice: formatDecimal(mark),
      positionValue: formatDecimal(positionValue),
      liquidationPrice,
      margin: formatDecimal(position.margin),
      marginRate: open && equity.gt(0) ? formatRounded(maintenance.div(equity), 4) : '',
      unrealizedPnL: formatDecimal(unrealized),
      profitRate: open && position.margin.gt(0) ? formatRounded(unrealized.div(position.margin), 4) : '0',
      realizedPnL: formatDecimal(position.realizedPnl),
      marginType: setting.marginType,
      minMargin: formatDecimal(maintenance),
      reducibleQty: formatDecimal(
        open ? maxDecimal(ZERO, position.margin.minus(positionValue.div(setting.leverage))) : ZERO,
      ),
      updateTime: position.updateTime,
    };
  }

  /** Emits position and futures balance events for everything changed since the last call. */
  publishChanges(): void {
    const now = this.context.clock.now();
    for (const position of this.dirtyPositions) {
      if (this.context.participantAccounts.has(position.accountId)) continue;
      this.context.events.emit({
        kind: 'position',
        userId: position.userId,
        accountId: position.accountId,
        eventTime: now,
        position: this.positionRecord(position),
      });
    }
    this.dirtyPositions.clear();
    for (const accountId of this.dirtyWallets) {
      if (this.context.participantAccounts.has(accountId)) continue;
      const wallet = this.wallet(accountId);
      const record = this.balanceRecord(accountId);
      const locked = this.positionMargin(accountId).plus(wallet.orderMargin);
      this.context.events.emit({
        kind: 'futuresBalance',
        userId: wallet.userId,
        accountId,
        eventTime: now,
        balances: [{ asset: wallet.asset, free: record.availableBalance, locked: formatDecimal(locked) }],
      });
    }
    this.dirtyWallets.clear();
  }
}
