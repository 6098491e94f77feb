import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { ResolveReconciliationBreak } from './order-lifecycle.commands';
import { ReconciliationBreakResolved } from './order-lifecycle.events';
import { requireString, requireText } from './order-decision-support';
import { ReconciliationBreak } from './reconciliation-break';

/**
 * A desk's resolution of one open reconciliation break, the same rule for every
 * aggregate that keeps breaks (orders of each market, positions): the break must exist
 * and must not be resolved already.
 */
export function decideBreakResolution(
  breaks: Readonly<Record<string, ReconciliationBreak>>,
  command: ResolveReconciliationBreak,
  resolvedAt: number,
): ReconciliationBreakResolved {
  const existing = breaks[command.breakId];
  if (existing === undefined) {
    throw new DomainError(
      DomainErrorCode.UnknownReconciliationBreak,
      `no reconciliation break ${command.breakId}`,
      'breakId',
    );
  }
  if (existing.resolution !== null) {
    throw new DomainError(
      DomainErrorCode.ReconciliationBreakAlreadyResolved,
      `break ${command.breakId} was resolved already`,
      'breakId',
    );
  }
  return {
    type: 'ReconciliationBreakResolved',
    schemaVersion: 1,
    data: {
      breakId: command.breakId,
      actor: requireText(command.actor, 'actor'),
      note: requireString(command.note, 'note'),
      resolvedAt,
    },
  };
}
