import { VenueEngineError } from '../engine-error';
import type { IdSequence } from '../support/id-sequence';
import type { AccountRecord, AccountType, UserRecord } from '../types/account.types';

const ACCOUNT_LABELS: Record<AccountType, string> = {
  1: 'Main Trading Account',
  3: 'Main Future Account',
  5: 'Custody Account',
  6: 'Fiat Account',
};

/** Users and their four accounts, with ids shaped like the exchange's. */
export class UserDirectory {
  private readonly users = new Map<string, UserRecord>();
  private readonly accounts = new Map<string, AccountRecord>();

  constructor(private readonly ids: IdSequence) {}

  create(label: string | undefined, isParticipant = false): UserRecord {
    const userId = this.ids.nextId();
    const accountOf = (accountType: AccountType): AccountRecord => ({
      accountId: this.ids.nextId(),
      accountLabel: ACCOUNT_LABELS[accountType],
      accountType,
      accountIndex: 0,
      userId,
    });
    const spot = accountOf(1);
    const futures = accountOf(3);
    const custody = accountOf(5);
    const fiat = accountOf(6);
    const user: UserRecord = {
      userId,
      label: label ?? (isParticipant ? 'simulated market' : userId),
      spotAccountId: spot.accountId,
      futuresAccountId: futures.accountId,
      custodyAccountId: custody.accountId,
      fiatAccountId: fiat.accountId,
      accounts: [spot, futures, custody, fiat],
    };
    this.users.set(userId, user);
    for (const account of user.accounts) this.accounts.set(account.accountId, account);
    return user;
  }

  requireUser(userId: string): UserRecord {
    const user = this.users.get(userId);
    if (user === undefined) throw new VenueEngineError('userNotFound', { detail: `unknown user ${userId}` });
    return user;
  }

  requireAccount(accountId: string): AccountRecord {
    const account = this.accounts.get(accountId);
    if (account === undefined) throw new VenueEngineError('accountNotFound');
    return account;
  }

  /** The user's account of a type, or the given one after checking it is theirs and of that type. */
  resolveAccount(userId: string, accountType: AccountType, accountId?: string): AccountRecord {
    const user = this.requireUser(userId);
    if (accountId === undefined || accountId === '') {
      const found = user.accounts.find((account) => account.accountType === accountType);
      if (found === undefined) throw new VenueEngineError('accountNotFound');
      return found;
    }
    const account = this.accounts.get(accountId);
    if (account === undefined || account.userId !== userId || account.accountType !== accountType) {
      throw new VenueEngineError('accountNotFound');
    }
    return account;
  }

  all(): readonly UserRecord[] {
    return [...this.users.values()];
  }
}
