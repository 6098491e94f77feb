import { Inject, Injectable } from '@nestjs/common';
import { DeskError, DeskErrorCode } from '../errors/desk-error';
import { actorCoversAccount, DeskActor } from './desk-actor';
import { DeskAuthenticator } from './desk-authenticator';

export const SERVED_ACCOUNTS = Symbol('SERVED_ACCOUNTS');

/**
 * Which accounts a request may read or act on: one named account (403 outside the
 * token's scope, 404 ACCOUNT_NOT_FOUND when the OMS does not serve it), or, with none
 * named, every account of the token's scope (null = no restriction).
 */
@Injectable()
export class AccountScope {
  constructor(
    @Inject(SERVED_ACCOUNTS) private readonly served: readonly string[],
    private readonly authenticator: DeskAuthenticator,
  ) {}

  /** Checks that `actor` may use `account`; the account of a command, or of a filter. */
  require(actor: DeskActor, account: string, field = 'account'): void {
    this.requireCovered(actor, account, field);
    if (!this.served.includes(account))
      throw new DeskError(DeskErrorCode.ACCOUNT_NOT_FOUND, `the OMS does not serve account ${account}`, {
        field,
      });
  }

  /** Checks only the token's scope: for a resource found in the store, whose account exists. */
  requireCovered(actor: DeskActor, account: string, field = 'account'): void {
    if (!actorCoversAccount(actor, account)) {
      this.authenticator.deny(actor.tokenName, `account ${account}`, 'account outside the token scope');
      throw new DeskError(DeskErrorCode.FORBIDDEN, `this token may not use account ${account}`, { field });
    }
  }

  /** The accounts a list covers: the one named, else the token's scope (null: all). */
  accountsFor(actor: DeskActor, account: string | undefined): readonly string[] | null {
    if (account !== undefined) {
      this.require(actor, account);
      return [account];
    }
    return actor.accounts === '*' ? null : actor.accounts;
  }

  servedAccounts(): readonly string[] {
    return this.served;
  }
}
