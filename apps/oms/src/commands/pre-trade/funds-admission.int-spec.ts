import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { DomainError, FuturesOrderRequest, omsClientOrderId, SpotOrderRequest } from '@oms/domain';
import { ExchangeAccount, ExchangeClient, SymbolRules } from '@oms/exchange';
import { buildDataSourceOptions } from '@oms/persistence';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices } from '../../aggregates/fold-services';
import { pipelinedTransactions } from '../../aggregates/transaction-runner';
import { DeskError } from '../../errors/desk-error';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import { AnswerRecordings } from '../../orders/answer-recordings';
import { CommandAdmission, OrderCommandEntry } from '../../orders/order-command.port';
import { CommandsConfig } from '../config/commands.config';
import { CommandMetrics } from '../metrics/command-metrics';
import { CommandReadModels } from '../orders/command-read-models';
import { BatchIntentRecorder } from '../placement/batch-intent.recorder';
import { OrderCommands } from '../placement/order-commands';
import { FuturesOrderInput } from '../placement/order-inputs';
import { futuresIntentOf, futuresRequestOf, spotIntentOf } from '../placement/order-intents';
import { LeverageSettings } from '../venue/leverage-settings';
import { VenueGateway } from '../venue/venue-gateways';
import { PreTradeService } from './pre-trade.service';
import { btcusdt, perpetual, spotRequest } from './test-support/btcusdt-fixtures';

const ORIGIN = { actor: 'alice', correlationId: 'funds-admission-spec' };

const RULES: Record<string, SymbolRules> = {
  BTCUSDT: new SymbolRules(btcusdt),
  'BTCUSDT-PERPETUAL': new SymbolRules(perpetual),
};

/** The venue as the pre-trade checks see it: symbol rules, and a leverage of 1 for every symbol. */
function gatewayOf(account: string): VenueGateway {
  const client = { futures: { getLeverage: () => Promise.resolve([{ leverage: '1' }]) } };
  return {
    account: { name: account } as ExchangeAccount,
    client: client as unknown as ExchangeClient,
    rules: (symbol) => RULES[symbol],
  };
}

/** One OMS process's command side: its own connection pool, fold services and pre-trade checks. */
interface OmsProcess {
  readonly preTrade: PreTradeService;
  readonly leverageSettings: LeverageSettings;
  readonly commands: OrderCommands;
  readonly batches: BatchIntentRecorder;
  close(): Promise<void>;
}

/**
 * Two OMS processes on one database, as two deployments of the command side: one on
 * pipelined connections (as the OMS runs), one on TypeORM's transactions.
 */
async function omsProcesses(database: TestDatabase): Promise<[OmsProcess, OmsProcess]> {
  const config = { limits: { defaults: { maxOrderNotional: null, maxOrderQty: null }, byAccount: {} } };
  const processOf = (dataSource: DataSource, pool: Pool | null): OmsProcess => {
    const fold = createFoldServices(
      dataSource,
      () => '0.001',
      undefined,
      pool === null ? undefined : pipelinedTransactions(pool),
    );
    const commands = new OrderCommands(fold.commands);
    const leverageSettings = new LeverageSettings(dataSource);
    const preTrade = new PreTradeService(
      config as CommandsConfig,
      new CommandReadModels(dataSource, new AnswerRecordings()),
      new CommandMetrics(),
      leverageSettings,
    );
    return {
      preTrade,
      leverageSettings,
      commands,
      batches: new BatchIntentRecorder(preTrade, commands),
      close: async () => {
        await pool?.end();
        await dataSource.destroy();
      },
    };
  };
  const pipelined = new DataSource({ ...buildDataSourceOptions(database.url, 'oms-a'), logging: false });
  const plain = new DataSource({ ...buildDataSourceOptions(database.url, 'oms-b'), logging: false });
  await Promise.all([pipelined.initialize(), plain.initialize()]);
  return [
    processOf(pipelined, new Pool({ connectionString: database.url, max: 4, pipeline: true })),
    processOf(plain, null),
  ];
}

/** One desk order as OrderPlacementService records it: its admission, then its intent with it. */
async function recordIntent(
  oms: OmsProcess,
  admission: CommandAdmission,
  intent: OrderCommandEntry,
): Promise<string> {
  const [result] = await oms.commands.executeAdmitted([intent], ORIGIN, 'oms', admission);
  if (result === null || result instanceof DomainError) throw new Error(`not recorded: ${String(result)}`);
  return result.omsOrderId;
}

async function placeSpot(oms: OmsProcess, request: SpotOrderRequest, id: string): Promise<string> {
  const admission = await oms.preTrade.spotAdmission(gatewayOf(request.accountId), request);
  return recordIntent(oms, admission, spotIntentOf(request.accountId, omsClientOrderId(id), request, ORIGIN));
}

async function placeFutures(oms: OmsProcess, request: FuturesOrderRequest, id: string): Promise<string> {
  const admission = await oms.preTrade.futuresAdmission(gatewayOf(request.accountId), request);
  return recordIntent(
    oms,
    admission,
    futuresIntentOf(request.accountId, omsClientOrderId(id), request, ORIGIN),
  );
}

/** The rule each refused order names, and how many were recorded. */
function outcomes(settled: ReadonlyArray<PromiseSettledResult<unknown>>): {
  recorded: number;
  refusedBy: string[];
} {
  const refusedBy = settled.flatMap((outcome) => {
    if (outcome.status === 'fulfilled') return [];
    const reason = outcome.reason as unknown;
    if (!(reason instanceof DeskError)) throw reason;
    return [`${String(reason.details?.rule)} ${String(reason.details?.field)}`];
  });
  return { recorded: settled.length - refusedBy.length, refusedBy };
}

describe('pre-trade funds are checked in the intent transaction, under the account lock, across OMS processes', () => {
  let database: TestDatabase;
  let processes: [OmsProcess, OmsProcess];

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    processes = await omsProcesses(database);
  });

  afterAll(async () => {
    for (const oms of processes ?? []) await oms.close();
    await database?.drop();
  });

  async function balance(account: string, wallet: 'spot' | 'futures', free: string): Promise<void> {
    await database.dataSource.query(
      `INSERT INTO rm_balances (account, wallet, asset, free, locked, total, updated_at)
       VALUES ($1, $2, 'USDT', $3, 0, $3, now())`,
      [account, wallet, free],
    );
  }

  /** How many intents of the account rm_orders holds. */
  async function recordedIntents(account: string): Promise<number> {
    const [{ intents }] = await database.dataSource.query<Array<{ intents: number }>>(
      `SELECT count(*)::int AS intents FROM rm_orders WHERE account = $1`,
      [account],
    );
    return intents;
  }

  it('spot: of 12 buys of 300 USDT sent at once through two processes against 1,000 USDT, exactly 3 are recorded and the others refused AVAILABLE_BALANCE', async () => {
    const account = 'acc-spot-race';
    await balance(account, 'spot', '1000');
    const settled = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        placeSpot(processes[index % 2], spotRequest({ accountId: account }), `spot-race-${index}`),
      ),
    );
    const { recorded, refusedBy } = outcomes(settled);
    expect(recorded).toBe(3);
    expect(refusedBy).toEqual(Array.from({ length: 9 }, () => 'AVAILABLE_BALANCE quantity'));
    expect(await recordedIntents(account)).toBe(3);
  });

  it('futures: single orders and a batch sent at once through two processes never hold more margin than is free', async () => {
    const account = 'acc-futures-race';
    await balance(account, 'futures', '100');
    // Each opens 1 contract of 0.001 BTC at 30,000 with leverage 1: 30 USDT of margin; 3 fit.
    const open: FuturesOrderInput = {
      account,
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '1',
      price: '30000',
    };
    const singles = Array.from({ length: 4 }, (_, index) =>
      placeFutures(
        processes[index % 2],
        futuresRequestOf(open) as FuturesOrderRequest,
        `futures-race-${index}`,
      ),
    );
    const batch = processes[1].batches.recordFutures(
      gatewayOf(account),
      account,
      Array.from({ length: 3 }, (_, index) => ({ ...open, clientOrderId: `batch-race-${index}` })),
      ORIGIN,
    );
    const [settled, entries] = await Promise.all([Promise.allSettled(singles), batch]);
    const single = outcomes(settled);
    const batchRecorded = entries.filter((entry) => !(entry instanceof DeskError));
    const batchRefused = entries.filter((entry): entry is DeskError => entry instanceof DeskError);
    expect(single.recorded + batchRecorded.length).toBe(3);
    for (const refused of batchRefused) {
      expect(refused.details).toMatchObject({
        rule: 'AVAILABLE_MARGIN',
        field: expect.stringMatching(/^orders\[\d\]\.quantity$/),
      });
    }
    for (const rule of single.refusedBy) expect(rule).toBe('AVAILABLE_MARGIN quantity');
    expect(await recordedIntents(account)).toBe(3);
  });

  it('futures: a leverage one process set is the one the other checks margin with at once, not once its own copy of the venue leverage expires', async () => {
    const account = 'acc-leverage-set';
    await balance(account, 'futures', '100');
    const open = (quantity: string) =>
      futuresRequestOf({
        account,
        symbol: 'BTCUSDT-PERPETUAL',
        side: 'BUY_OPEN',
        type: 'LIMIT',
        quantity,
        price: '30000',
      }) as FuturesOrderRequest;
    const [checking, setting] = processes;
    // The checking process asks the venue (leverage 1) and keeps its answer for a minute.
    await placeFutures(checking, open('1'), 'leverage-first');
    // The other process sets 10 at the venue, which accepts it.
    await setting.leverageSettings.record(account, 'BTCUSDT-PERPETUAL', '10');
    // 5 contracts: 150 USDT of notional, 15 of margin at 10 (150 at 1, with 100 free).
    await expect(placeFutures(checking, open('5'), 'leverage-second')).resolves.toEqual(expect.any(String));
    expect(await recordedIntents(account)).toBe(2);
  });
});
