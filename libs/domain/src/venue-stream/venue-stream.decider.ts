import { Decider, assertNever } from '../shared/decider';
import { DomainEvent } from '../shared/domain-event';
import { invalidField, refusalAsValue, unknownCommand, requireCommand } from '../shared/domain-error';
import { requireString, requireText, requireTime } from '../orders/order-decision-support';

/**
 * The private user-data stream of one account, as ingest sees it. A gap is a window in
 * which stream messages may have been lost (between a drop and the reconnect, or a
 * missed heartbeat); the reconciliation polls exist to cover it. Source: always `ws`.
 */
export type VenueStreamConnected = DomainEvent<
  'VenueStreamConnected',
  1,
  { readonly accountId: string; readonly connectionId: string; readonly at: number; readonly source: 'ws' }
>;
export type VenueStreamDisconnected = DomainEvent<
  'VenueStreamDisconnected',
  1,
  {
    readonly accountId: string;
    readonly connectionId: string;
    readonly at: number;
    readonly reason: string;
    readonly source: 'ws';
  }
>;
export type VenueStreamGapDetected = DomainEvent<
  'VenueStreamGapDetected',
  1,
  {
    readonly accountId: string;
    readonly from: number;
    readonly to: number;
    readonly reason: string;
    readonly source: 'ws';
  }
>;

export type VenueStreamEvent = VenueStreamConnected | VenueStreamDisconnected | VenueStreamGapDetected;

export interface VenueStreamState {
  readonly accountId: string | null;
  readonly connectionId: string | null;
  readonly connected: boolean;
  readonly connectedAt: number | null;
  readonly disconnectedAt: number | null;
  readonly gaps: number;
  /** End of the latest gap: observations before it must be confirmed by a poll. */
  readonly lastGapEnd: number | null;
}

export type VenueStreamCommand =
  | {
      readonly type: 'RecordStreamConnected';
      readonly accountId: string;
      readonly connectionId: string;
      readonly now: number;
    }
  | {
      readonly type: 'RecordStreamDisconnected';
      readonly connectionId: string;
      readonly reason: string;
      readonly now: number;
    }
  | {
      readonly type: 'RecordStreamGap';
      readonly from: number;
      readonly to: number;
      readonly reason: string;
      readonly now: number;
    };

const initialState: VenueStreamState = {
  accountId: null,
  connectionId: null,
  connected: false,
  connectedAt: null,
  disconnectedAt: null,
  gaps: 0,
  lastGapEnd: null,
};

export const venueStreamDecider: Decider<VenueStreamCommand, VenueStreamEvent, VenueStreamState> = {
  initialState,
  decide: (command, state) =>
    refusalAsValue((): VenueStreamEvent[] => {
      const now = requireTime(requireCommand(command).now);
      switch (command.type) {
        case 'RecordStreamConnected': {
          const accountId = requireText(command.accountId, 'accountId');
          const connectionId = requireText(command.connectionId, 'connectionId');
          if (state.accountId !== null && state.accountId !== accountId) {
            throw invalidField('accountId', `must be ${state.accountId} in this stream`);
          }
          if (state.connected && state.connectionId === connectionId) return [];
          const connected: VenueStreamEvent = {
            type: 'VenueStreamConnected',
            schemaVersion: 1,
            data: { accountId, connectionId, at: now, source: 'ws' },
          };
          // Whatever happened while no connection was up may have been missed, unless
          // that gap is recorded already (ingest publishes it before the connection).
          if (state.disconnectedAt === null || state.lastGapEnd === now) return [connected];
          return [
            {
              type: 'VenueStreamGapDetected',
              schemaVersion: 1,
              data: { accountId, from: state.disconnectedAt, to: now, reason: 'reconnected', source: 'ws' },
            },
            connected,
          ];
        }
        case 'RecordStreamDisconnected':
          if (!state.connected || state.connectionId !== command.connectionId || state.accountId === null)
            return [];
          return [
            {
              type: 'VenueStreamDisconnected',
              schemaVersion: 1,
              data: {
                accountId: state.accountId,
                connectionId: command.connectionId,
                at: now,
                reason: requireString(command.reason, 'reason'),
                source: 'ws',
              },
            },
          ];
        case 'RecordStreamGap': {
          const from = requireTime(command.from, 'from');
          const to = requireTime(command.to, 'to');
          if (to < from) throw invalidField('to', 'must not be before from');
          if (state.accountId === null)
            throw invalidField('accountId', 'is unknown until the stream has connected');
          // The gap a reconnection ending at the same moment recorded already.
          if (state.lastGapEnd === to) return [];
          return [
            {
              type: 'VenueStreamGapDetected',
              schemaVersion: 1,
              data: {
                accountId: state.accountId,
                from,
                to,
                reason: requireString(command.reason, 'reason'),
                source: 'ws',
              },
            },
          ];
        }
        default:
          return unknownCommand(command);
      }
    }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'VenueStreamConnected':
        return {
          ...state,
          accountId: event.data.accountId,
          connectionId: event.data.connectionId,
          connected: true,
          connectedAt: event.data.at,
          disconnectedAt: null,
        };
      case 'VenueStreamDisconnected':
        return { ...state, connected: false, disconnectedAt: event.data.at };
      case 'VenueStreamGapDetected':
        return { ...state, gaps: state.gaps + 1, lastGapEnd: Math.max(state.lastGapEnd ?? 0, event.data.to) };
      default:
        return assertNever(event, 'venue stream event');
    }
  },
};
