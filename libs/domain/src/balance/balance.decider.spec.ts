import fc from 'fast-check';
import { runCommands } from '../shared/decider';
import { DomainErrorCode } from '../shared/domain-error';
import { stateHash } from '../shared/state-hash';
import { FuturesBalanceObservation, SpotBalanceObservation } from '../observations/balance-observed';
import { deciderSpecification } from '../test-support/decider-specification';
import {
  RecordFuturesBalanceObservation,
  RecordSpotBalanceObservation,
  futuresBalanceDecider,
  futuresBalanceFigures,
  spotBalanceDecider,
  spotBalanceFigures,
} from './balance.decider';

const spec = deciderSpecification(spotBalanceDecider);
const eth = (overrides: Partial<SpotBalanceObservation> = {}): SpotBalanceObservation => ({
  accountId: '1732885739589466112',
  asset: 'ETH',
  free: '10000',
  locked: '500',
  venueTime: 1629969654753,
  source: 'ws',
  ...overrides,
});
const record = (overrides: Partial<SpotBalanceObservation> = {}): RecordSpotBalanceObservation => ({
  type: 'RecordSpotBalanceObservation',
  observation: eth(overrides),
  now: 1,
});

describe('balances', () => {
  it('records a newer balance', () => {
    spec
      .given([{ type: 'SpotBalanceObserved', schemaVersion: 1, data: eth() }])
      .when(record({ free: '9000', venueTime: 1629969654800 }))
      .thenState((state) => expect(state.latest?.free).toBe('9000'));
  });

  it('ignores an older balance that arrives late', () => {
    spec
      .given([{ type: 'SpotBalanceObserved', schemaVersion: 1, data: eth() }])
      .when(record({ free: '1', venueTime: 1629969654000, source: 'rest-poll' }))
      .then([]);
  });

  it('refuses another asset in this stream, naming the field', () => {
    spec
      .given([{ type: 'SpotBalanceObserved', schemaVersion: 1, data: eth() }])
      .when(record({ asset: 'USDT' }))
      .thenFails(DomainErrorCode.ObservationForAnotherStream, 'observation.asset');
  });

  it('refuses a negative free amount', () => {
    spec
      .given([])
      .when(record({ free: '-1' }))
      .thenFails(DomainErrorCode.InvalidField, 'observation.free');
  });

  it('folds futures balances the same way (real outboundContractAccountInfo values)', () => {
    const { state } = runCommands(futuresBalanceDecider, [
      {
        type: 'RecordFuturesBalanceObservation',
        observation: {
          accountId: '1735619524953226496',
          asset: 'USDT',
          walletBalance: '499795.828056020383226869',
          available: '474960.65',
          positionMargin: null,
          orderMargin: null,
          unrealizedPnl: null,
          venueTime: 1714717314118,
          source: 'ws',
        },
        now: 1,
      },
    ]);
    expect(state.latest?.walletBalance).toBe('499795.828056020383226869');
  });

  it('gives a spot balance free, locked and their sum as the total', () => {
    const { state } = runCommands(spotBalanceDecider, [record()]);
    expect(spotBalanceFigures(state)).toEqual({
      free: '10000',
      locked: '500',
      total: '10500',
      venueTime: 1629969654753,
    });
  });

  describe('futures figures: the total is the wallet balance of the latest poll, whatever reported last', () => {
    // The venue's definitions: available = wallet - position margin - order margin +
    // unrealized P&L; the stream's f is available and l the margins.
    const polled: FuturesBalanceObservation = {
      accountId: 'acc1',
      asset: 'USDT',
      walletBalance: '1000',
      available: '930',
      positionMargin: '80',
      orderMargin: '10',
      unrealizedPnl: '20',
      venueTime: 1000,
      source: 'rest-poll',
    };
    const streamed = (overrides: Partial<FuturesBalanceObservation>): FuturesBalanceObservation => ({
      ...polled,
      positionMargin: null,
      orderMargin: null,
      unrealizedPnl: null,
      source: 'ws',
      ...overrides,
    });
    const fold = (...observations: FuturesBalanceObservation[]) =>
      runCommands(
        futuresBalanceDecider,
        observations.map((observation): RecordFuturesBalanceObservation => ({
          type: 'RecordFuturesBalanceObservation',
          observation,
          now: 1,
        })),
      ).state;

    it('a poll: free is available, locked the margins, the total the wallet balance', () => {
      expect(futuresBalanceFigures(fold(polled))).toEqual({
        free: '930',
        locked: '90',
        total: '1000',
        venueTime: 1000,
      });
    });

    it('a stream report after the poll: free and locked from it, the total still the polled wallet', () => {
      // f + l = 1050 counts 30 of unrealized P&L: not the wallet's total.
      const later = streamed({ walletBalance: '1050', available: '960', venueTime: 2000 });
      expect(futuresBalanceFigures(fold(polled, later))).toEqual({
        free: '960',
        locked: '90',
        total: '1000',
        venueTime: 2000,
      });
      expect(futuresBalanceFigures(fold(later, polled))).toEqual(futuresBalanceFigures(fold(polled, later)));
    });

    it('a later poll moves the total', () => {
      const next = { ...polled, walletBalance: '990', available: '925', venueTime: 3000 };
      expect(futuresBalanceFigures(fold(polled, streamed({ venueTime: 2000 }), next))?.total).toBe('990');
    });

    it('before any poll, the total is what the stream gives: available plus margins', () => {
      expect(
        futuresBalanceFigures(fold(streamed({ walletBalance: '1050', available: '960', venueTime: 2000 }))),
      ).toMatchObject({ free: '960', locked: '90', total: '1050' });
    });
  });

  it('any order and duplication of reports folds to the latest', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 20 }),
            fc.integer({ min: 0, max: 999 }),
            fc.constantFrom('ws', 'rest-poll'),
          ),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        fc.nat(),
        (reports, seed) => {
          const commands = reports.map(([time, free, source]) =>
            record({ venueTime: time, free: String(free), source }),
          );
          const rotated = [
            ...commands.slice(seed % commands.length),
            ...commands.slice(0, seed % commands.length),
            commands[0],
          ];
          const reversed = [...commands].reverse();
          const hash = (list: typeof commands) => stateHash(runCommands(spotBalanceDecider, list).state);
          expect(hash(rotated)).toBe(hash(commands));
          expect(hash(reversed)).toBe(hash(commands));
        },
      ),
      { numRuns: 100 },
    );
  });
});
