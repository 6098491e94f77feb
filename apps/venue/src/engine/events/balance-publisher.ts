import type { EngineContext } from '../engine-context';
import { formatDecimal } from '../support/engine-decimal';

/**
 * Publishes one `spotBalance` event per account whose holdings changed since the
 * last call, listing only the changed assets, as `outboundAccountInfo` does.
 */
export function publishLedgerChanges(context: EngineContext): void {
  const changes = context.ledger.drainChanges();
  for (const [accountId, assets] of changes) {
    if (context.participantAccounts.has(accountId)) continue;
    const account = context.users.requireAccount(accountId);
    const balances = [...assets].sort().map((asset) => ({
      asset,
      free: formatDecimal(context.ledger.free(accountId, asset)),
      locked: formatDecimal(context.ledger.locked(accountId, asset)),
    }));
    context.events.emit({
      kind: 'spotBalance',
      userId: account.userId,
      accountId,
      eventTime: context.clock.now(),
      balances,
    });
  }
}
