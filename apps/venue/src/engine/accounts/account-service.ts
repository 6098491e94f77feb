import type { EngineContext } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import { publishLedgerChanges } from '../events/balance-publisher';
import type { FuturesAccountBook } from '../futures/futures-account-book';
import { ZERO, formatDecimal, parsePositiveDecimalField } from '../support/engine-decimal';
import { checkClientOrderId } from '../spot/spot-order-intake';
import type { SpotOrderStore } from '../spot/spot-order-store';
import type { FuturesOrderStore } from '../futures/futures-order-store';
import type {
  AccountRecord,
  AssetTransferCommand,
  AssetTransferRecord,
  DepositCommand,
  SpotAccountRecord,
  VipInfoRecord,
} from '../types/account.types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Balances, deposits and transfers between a user's spot-style accounts and futures account. */
export class AccountService {
  constructor(
    private readonly context: EngineContext,
    private readonly futures: FuturesAccountBook,
    private readonly spotStore: SpotOrderStore,
    private readonly futuresStore: FuturesOrderStore,
  ) {}

  deposit(command: DepositCommand): { accountId: string; asset: string; free: string } {
    const account = this.context.users.requireAccount(command.accountId);
    const amount = parsePositiveDecimalField(command.amount, 'amount');
    if (command.asset === undefined || command.asset === '')
      throw new VenueEngineError('requiredField', { field: 'asset' });
    if (account.accountType === 3) {
      const wallet = this.futures.wallet(account.accountId);
      if (command.asset !== wallet.asset)
        throw new VenueEngineError('invalidParameter', {
          field: 'asset',
          detail: `futures accounts hold ${wallet.asset} only`,
        });
      wallet.balance = wallet.balance.plus(amount);
      this.futures.markWalletChanged(account.accountId);
      this.futures.publishChanges();
      return {
        accountId: account.accountId,
        asset: wallet.asset,
        free: formatDecimal(this.futures.availableBalance(account.accountId)),
      };
    }
    this.context.ledger.credit(account.accountId, command.asset, amount);
    publishLedgerChanges(this.context);
    return {
      accountId: account.accountId,
      asset: command.asset,
      free: formatDecimal(this.context.ledger.free(account.accountId, command.asset)),
    };
  }

  spotAccount(userId: string, accountId?: string): SpotAccountRecord {
    const user = this.context.users.requireUser(userId);
    const account =
      accountId === undefined || accountId === ''
        ? this.context.users.requireAccount(user.spotAccountId)
        : this.context.users.requireAccount(accountId);
    if (account.userId !== userId || account.accountType === 3) throw new VenueEngineError('accountNotFound');
    const balances = this.context.ledger.assets(account.accountId).map((entry) => ({
      asset: entry.asset,
      total: formatDecimal(entry.free.plus(entry.locked)),
      free: formatDecimal(entry.free),
      locked: formatDecimal(entry.locked),
    }));
    return { userId, accountId: account.accountId, balances };
  }

  accounts(userId: string): readonly AccountRecord[] {
    return this.context.users.requireUser(userId).accounts;
  }

  transfer(command: AssetTransferCommand): AssetTransferRecord {
    const from = this.ownAccount(command.userId, command.fromAccountId, 'fromAccountId');
    const to = this.ownAccount(command.userId, command.toAccountId, 'toAccountId');
    if (from.accountId === to.accountId)
      throw new VenueEngineError('invalidParameter', {
        field: 'toAccountId',
        detail: 'same as fromAccountId',
      });
    if (command.coin === undefined || command.coin === '')
      throw new VenueEngineError('requiredField', { field: 'coin' });
    const quantity = parsePositiveDecimalField(command.quantity, 'quantity');
    const clientOrderId = checkClientOrderId(command.clientOrderId, 'clientOrderId');
    if (from.accountType === 3) {
      const wallet = this.futures.wallet(from.accountId);
      if (command.coin !== wallet.asset) throw new VenueEngineError('invalidParameter', { field: 'coin' });
      this.futures.requireAvailable(from.accountId, quantity);
      wallet.balance = wallet.balance.minus(quantity);
      this.futures.markWalletChanged(from.accountId);
    } else {
      this.context.ledger.debit(from.accountId, command.coin, quantity);
    }
    if (to.accountType === 3) {
      const wallet = this.futures.wallet(to.accountId);
      if (command.coin !== wallet.asset) throw new VenueEngineError('invalidParameter', { field: 'coin' });
      wallet.balance = wallet.balance.plus(quantity);
      this.futures.markWalletChanged(to.accountId);
    } else {
      this.context.ledger.credit(to.accountId, command.coin, quantity);
    }
    publishLedgerChanges(this.context);
    this.futures.publishChanges();
    const orderId = this.context.ids.nextId();
    return {
      orderId,
      clientOrderId: clientOrderId ?? orderId,
      timestamp: this.context.clock.now(),
      fromAccountId: from.accountId,
      toAccountId: to.accountId,
      coin: command.coin,
      quantity: formatDecimal(quantity),
    };
  }

  vipInfo(userId: string, symbols?: readonly string[]): VipInfoRecord {
    const user = this.context.users.requireUser(userId);
    const since = this.context.clock.now() - 30 * DAY_MS;
    // Quote assets are USD stablecoins here, so traded quote value is the USD volume.
    const spotVolume = this.spotStore
      .tradesOf(user.spotAccountId)
      .filter((trade) => trade.time >= since)
      .reduce((sum, trade) => sum.plus(trade.quoteQty), ZERO);
    const futuresVolume = this.futuresStore
      .tradesOf(user.futuresAccountId)
      .filter((trade) => trade.time >= since)
      .reduce((sum, trade) => {
        const instrument = this.context.instruments.require(trade.symbol, 'PERPETUAL');
        return sum.plus(instrument.multiplier.mul(trade.quantity).mul(trade.price));
      }, ZERO);
    const wanted =
      symbols === undefined || symbols.length === 0
        ? this.context.instruments
            .all()
            .filter((item) => item.kind === 'SPOT')
            .map((item) => item.symbol)
        : symbols;
    const { makerRate, takerRate } = this.context.spotFees;
    const data = wanted.map((symbol) => {
      const instrument = this.context.instruments.require(symbol, 'SPOT');
      const { baseAsset, quoteAsset } = instrument.record;
      return {
        symbol,
        productType: 'Token-Token' as const,
        buyMakerFeeCurrency: baseAsset,
        buyTakerFeeCurrency: baseAsset,
        sellMakerFeeCurrency: quoteAsset,
        sellTakerFeeCurrency: quoteAsset,
        actualMakerRate: makerRate,
        actualTakerRate: takerRate,
      };
    });
    return {
      vipLevel: '0',
      tradeVol30Day: formatDecimal(spotVolume.plus(futuresVolume)),
      totalAssetBal: '0',
      data,
      updateTimestamp: this.context.clock.now(),
    };
  }

  private ownAccount(userId: string, accountId: string, field: string): AccountRecord {
    if (accountId === undefined || accountId === '') throw new VenueEngineError('requiredField', { field });
    const account = this.context.users.requireAccount(accountId);
    if (account.userId !== userId) throw new VenueEngineError('accountNotFound', { field });
    return account;
  }
}
