import { UncertaintyReason } from '@oms/domain';
import type { UncertainOutcome } from '@oms/exchange';

/**
 * libs/exchange's reason for an uncertain write, in the domain's words. The two
 * vocabularies are the same today; the exhaustive switch makes a change on either
 * side a compile error here instead of a wrong reason at run time.
 */
export function uncertaintyReasonOf(outcome: Pick<UncertainOutcome, 'reason'>): UncertaintyReason {
  switch (outcome.reason) {
    case 'http-5xx':
      return 'http-5xx';
    case 'timeout':
      return 'timeout';
    case 'connection-lost':
      return 'connection-lost';
    case 'venue-status-unknown':
      return 'venue-status-unknown';
    case 'unreadable-response':
      return 'unreadable-response';
  }
}
