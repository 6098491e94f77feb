import fc from 'fast-check';
import { runCommands } from '../shared/decider';
import { DomainErrorCode } from '../shared/domain-error';
import { stateHash } from '../shared/state-hash';
import { SpotBalanceObservation } from '../observations/balance-observed';
import { deciderSpecification } from '../test-support/decider-specification';
import { RecordSpotBalanceObservation, futuresBalanceDecider, spotBalanceDecider } from './balance.decider';

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
