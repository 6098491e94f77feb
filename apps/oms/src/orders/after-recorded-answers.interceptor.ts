import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, Observable, switchMap } from 'rxjs';
import { AnswerRecordings } from './answer-recordings';

const WITHOUT_WAITING = 'oms:served-without-waiting-for-recorded-answers';

/**
 * Marks a route or mutation that need not wait for the venue answers being committed
 * (a placement: it creates orders of its own, and waiting would put one desk's order
 * behind another's commit).
 */
export const ServedWithoutWaitingForRecordedAnswers = () => SetMetadata(WITHOUT_WAITING, true);

/**
 * Every desk request (reads, cancels, settings), except the ones marked, first waits
 * for the venue answers this process has given but is still committing
 * (AnswerRecordings): a desk that reads, or cancels, the order it was just answered
 * sees at least that answer. The wait is bounded by a commit in flight; most requests
 * find none.
 */
@Injectable()
export class AfterRecordedAnswersInterceptor implements NestInterceptor {
  constructor(
    private readonly recordings: AnswerRecordings,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.recordings.size === 0) return next.handle();
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(WITHOUT_WAITING, targets)) return next.handle();
    return from(this.recordings.settled()).pipe(switchMap(() => next.handle()));
  }
}
