import { randomUUID } from 'node:crypto';
import {
  DomainError,
  VenueStreamCommand,
  venueStreamDecider,
  VenueStreamEvent,
  VenueStreamState,
} from '@oms/domain';
import { createLogger, newCorrelationId } from '@oms/platform';
import { ObservationEmitter } from './observation-emitter';

/**
 * One account's stream health, folded with libs/domain's venueStreamDecider and
 * published: Connected, Disconnected, and GapDetected when a connection follows a loss.
 */
export class StreamHealthRecorder {
  private readonly logger = createLogger('StreamHealthRecorder');
  private state: VenueStreamState = venueStreamDecider.initialState;
  private connectionId: string | undefined;

  constructor(
    private readonly accountId: string,
    private readonly emitter: ObservationEmitter,
    private readonly now: () => number,
  ) {}

  /** Whether a connection was lost before (so this one follows a gap). */
  get hadDisconnection(): boolean {
    return this.state.disconnectedAt !== null;
  }

  /** Records a new connection; true when it closes a gap the polls must repair. */
  connected(): boolean {
    this.connectionId = randomUUID();
    const events = this.record({
      type: 'RecordStreamConnected',
      accountId: this.accountId,
      connectionId: this.connectionId,
      now: this.now(),
    });
    return events.some((event) => event.type === 'VenueStreamGapDetected');
  }

  disconnected(reason: string): void {
    if (this.connectionId === undefined || !this.state.connected) return;
    this.record({
      type: 'RecordStreamDisconnected',
      connectionId: this.connectionId,
      reason,
      now: this.now(),
    });
  }

  private record(command: VenueStreamCommand): VenueStreamEvent[] {
    const outcome = venueStreamDecider.decide(command, this.state);
    if (outcome instanceof DomainError) {
      this.logger.warn(
        { account: this.accountId, command: command.type, reason: outcome.message },
        'stream-health command refused',
      );
      return [];
    }
    const decided: VenueStreamEvent[] = [...outcome];
    this.state = decided.reduce(venueStreamDecider.evolve, this.state);
    this.emitter.emit(
      decided.map((event) => ({ event, raw: null })),
      { receivedAt: this.now(), correlationId: newCorrelationId(), skipRepeats: false },
    );
    return decided;
  }
}
