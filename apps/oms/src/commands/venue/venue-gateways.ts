import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ExchangeAccount,
  ExchangeClient,
  SymbolRulebook,
  SymbolRules,
  WeightRateLimiter,
} from '@oms/exchange';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandsConfig } from '../config/commands.config';
import { CommandMetrics } from '../metrics/command-metrics';
import { KeySenderShare, KeySenders } from './key-senders';
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
 * One libs/exchange client per EXCHANGE_ACCOUNTS entry, on the trading key, inside this
 * process's part of that key's weight budget: the OMS part divided among the OMS
 * processes sending with the key, counted live (`KeySenders`; at least
 * EXCHANGE_OMS_PROCESSES_PER_KEY). Symbol rules come from exchange info, loaded at start
 * (retried in the background while the venue is down) and refreshed now and then.
 */
@Injectable()
export class VenueGateways implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(VenueGateways.name);
  private readonly gateways = new Map<string, VenueGateway>();
  private readonly keySenders: KeySenders;
  private rulebook: SymbolRulebook | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(COMMANDS_CONFIG) private readonly config: CommandsConfig,
    private readonly metrics: CommandMetrics,
    dataSource: DataSource,
  ) {
    const apiKeys = new Map<KeySenderShare, string>();
    for (const account of config.accounts) {
      const { limiter, share } = this.keyShareOf(account);
      apiKeys.set(share, account.credentials.apiKey);
      const client = new ExchangeClient({
        baseUrl: config.restUrl,
        credentials: account.credentials,
        siteFamily: config.siteFamily,
        apiKeyHeader: config.apiKeyHeader,
        requestTimeoutMs: config.venueTimeoutMs,
        rateLimiter: limiter,
      });
      this.gateways.set(account.name, { account, client, rules: (symbol) => this.rulesOf(client, symbol) });
    }
    this.keySenders = new KeySenders(apiKeys, {
      connectionString: (dataSource.options as { url?: string }).url ?? '',
    });
  }

  async onModuleInit(): Promise<void> {
    await this.keySenders.start();
    await this.loadRules();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await Promise.all([...this.gateways.values()].map((gateway) => gateway.client.close()));
    // Last: the others count this process until nothing more is sent with its keys.
    await this.keySenders.stop();
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

  private budgetsOf(account: ExchangeAccount, processes: number) {
    return omsRateBudgets({
      sharesKeyWithIngest: account.ingestSharesTradingKey,
      ingestShare: this.config.ingestShareOfSharedKey,
      omsProcessesPerKey: Math.max(this.config.omsProcessesPerKey, processes),
      keyBudget: this.config.keyBudget,
    });
  }

  /** An account's limiter, at the configured count, and how the count of the key's senders steers it. */
  private keyShareOf(account: ExchangeAccount): { limiter: WeightRateLimiter; share: KeySenderShare } {
    const publish = (processes: number) => {
      const budgets = this.budgetsOf(account, processes);
      this.metrics.keyBudget(account.name, 'query', budgets.query.weight);
      this.metrics.keyBudget(account.name, 'order', budgets.order.weight);
      return budgets;
    };
    const limiter = new WeightRateLimiter({ budgets: publish(this.config.omsProcessesPerKey) });
    const share: KeySenderShare = {
      processes: (count) => {
        const budgets = publish(count);
        limiter.resize({ query: budgets.query, order: budgets.order });
        if (budgets.query.weight < 1 || budgets.order.weight < 1) {
          this.logger.warn(
            {
              account: account.name,
              processes: count,
              query: budgets.query.weight,
              order: budgets.order.weight,
            },
            'too many OMS processes on one venue key: this one keeps less than one weight per second and sends nothing of that budget',
          );
        }
      },
      hold: (ms) => limiter.holdFor(ms),
    };
    return { limiter, share };
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
