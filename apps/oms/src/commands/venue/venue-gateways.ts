import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ExchangeAccount, ExchangeClient, SymbolRulebook, SymbolRules } from '@oms/exchange';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandsConfig } from '../config/commands.config';
import { CommandMetrics } from '../metrics/command-metrics';
import { omsRateBudgets } from './shared-key-budget';

/** One venue account as the command path uses it: its trading client and the venue's symbol rules. */
export interface VenueGateway {
  readonly account: ExchangeAccount;
  readonly client: ExchangeClient;
  /** Throws VENUE_UNAVAILABLE while exchange info has not been loaded yet. */
  rules(symbol: string): SymbolRules | undefined;
}

const RULES_RETRY_MS = 5_000;
const RULES_REFRESH_MS = 10 * 60_000;

/**
 * One libs/exchange client per EXCHANGE_ACCOUNTS entry, on the trading key, inside the
 * OMS's part of that key's weight budget. Symbol rules come from exchange info, loaded
 * at start (retried in the background while the venue is down) and refreshed now and then.
 */
@Injectable()
export class VenueGateways implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(VenueGateways.name);
  private readonly gateways = new Map<string, VenueGateway>();
  private rulebook: SymbolRulebook | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(COMMANDS_CONFIG) private readonly config: CommandsConfig,
    metrics: CommandMetrics,
  ) {
    for (const account of config.accounts) {
      const rateBudgets = omsRateBudgets({
        sharesKeyWithIngest: account.ingestSharesTradingKey,
        ingestShare: config.ingestShareOfSharedKey,
        omsProcessesPerKey: config.omsProcessesPerKey,
        keyBudget: config.keyBudget,
      });
      metrics.keyBudget(account.name, 'query', rateBudgets.query.weight);
      metrics.keyBudget(account.name, 'order', rateBudgets.order.weight);
      const client = new ExchangeClient({
        baseUrl: config.restUrl,
        credentials: account.credentials,
        siteFamily: config.siteFamily,
        apiKeyHeader: config.apiKeyHeader,
        requestTimeoutMs: config.venueTimeoutMs,
        rateBudgets,
      });
      this.gateways.set(account.name, { account, client, rules: (symbol) => this.rulesOf(client, symbol) });
    }
  }

  async onModuleInit(): Promise<void> {
    await this.loadRules();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await Promise.all([...this.gateways.values()].map((gateway) => gateway.client.close()));
  }

  /** The gateway of a served account; ACCOUNT_NOT_FOUND otherwise. */
  get(account: string): VenueGateway {
    const gateway = this.gateways.get(account);
    if (gateway === undefined) {
      throw new DeskError(DeskErrorCode.ACCOUNT_NOT_FOUND, `the OMS does not serve account ${account}`, {
        field: 'account',
      });
    }
    return gateway;
  }

  all(): readonly VenueGateway[] {
    return [...this.gateways.values()];
  }

  get resolutionWindowMs(): number {
    return this.config.resolutionWindowMs;
  }

  private rulesOf(client: ExchangeClient, symbol: string): SymbolRules | undefined {
    if (this.rulebook === null) {
      throw new DeskError(
        DeskErrorCode.VENUE_UNAVAILABLE,
        'the venue has not answered exchange info yet; nothing was sent',
      );
    }
    client.useSymbolRules(this.rulebook);
    return this.rulebook.get(symbol);
  }

  private async loadRules(): Promise<void> {
    const [first] = this.gateways.values();
    if (first === undefined || this.stopped) return;
    let delay = RULES_REFRESH_MS;
    try {
      const rules = await first.client.market.loadSymbolRules();
      this.rulebook = rules;
      for (const gateway of this.gateways.values()) gateway.client.useSymbolRules(rules);
    } catch (error) {
      delay = RULES_RETRY_MS;
      this.logger.warn({ err: error }, 'exchange info not loaded; retrying');
    }
    this.timer = setTimeout(() => void this.loadRules(), delay);
    this.timer.unref();
  }
}
