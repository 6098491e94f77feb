import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { CommandsConfig } from '../config/commands.config';
import { CommandReadModels } from '../orders/command-read-models';
import { CommandAttempt } from './command-attempt';
import { IdempotencyScope, IdempotentCommands } from './idempotent-commands';
import { IdempotencyClaim, IdempotencyStore } from './idempotency.store';

/** A store whose every claim is new: what the runner does with the key after the work. */
function storeClaimingAnew() {
  const calls: string[] = [];
  const store = {
    claim: (): Promise<IdempotencyClaim> => Promise.resolve({ kind: 'claimed', seed: 'seed-1' }),
    complete: (_token: string, _key: string, statusCode: number) => {
      calls.push(`complete ${statusCode}`);
      return Promise.resolve();
    },
    release: () => {
      calls.push('release');
      return Promise.resolve();
    },
  } as unknown as IdempotencyStore;
  return { store, calls };
}

function runner(store: IdempotencyStore): IdempotentCommands {
  return new IdempotentCommands(store, {} as CommandReadModels, { venueTimeoutMs: 100 } as CommandsConfig);
}

const scope: IdempotencyScope = {
  tokenName: 'desk-token',
  key: 'key-1',
  route: 'POST /v1/spot/orders',
  body: {},
  whenAbandoned: { kind: 'run-again' },
};

describe('IdempotentCommands, what a failed attempt leaves under its key', () => {
  it('keeps a refusal that holds for the same request as the key answer', async () => {
    const { store, calls } = storeClaimingAnew();
    const refusal = new DeskError(DeskErrorCode.PRE_TRADE_REFUSED, 'refused', { rule: 'MIN_NOTIONAL' });
    await expect(runner(store).run(scope, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(calls).toEqual(['complete 400']);
  });

  it('frees the key after a refusal made before anything was sent, for a retry to send', async () => {
    const { store, calls } = storeClaimingAnew();
    const refusal = new DeskError(DeskErrorCode.VENUE_UNAVAILABLE, 'the venue is unreachable');
    await expect(runner(store).run(scope, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(calls).toEqual(['release']);
  });

  it('leaves the key claimed after an unexpected failure, which may follow a recorded or sent order', async () => {
    const { store, calls } = storeClaimingAnew();
    const failure = new Error('connection terminated');
    await expect(runner(store).run(scope, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(calls).toEqual([]);
  });

  it('gives the work the client ids its claim derives, the same for every attempt of that claim', async () => {
    const { store } = storeClaimingAnew();
    const tokens: Array<string | undefined> = [];
    await runner(store).run(scope, (attempt) => {
      tokens.push(attempt.clientOrderToken(0), attempt.clientOrderToken(1));
      return Promise.resolve({ statusCode: 202, body: {}, kept: { kind: 'body', body: {} } });
    });
    expect(tokens[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(tokens[1]).not.toBe(tokens[0]);
    expect(tokens).toEqual([
      new CommandAttempt('seed-1').clientOrderToken(0),
      new CommandAttempt('seed-1').clientOrderToken(1),
    ]);
    expect(CommandAttempt.UNKEYED.clientOrderToken(0)).toBeUndefined();
  });
});
