import { AccountApi } from './api/account.api';
import { FuturesReferenceApi } from './api/futures-reference.api';
import { FuturesApi } from './api/futures.api';
import { ListenKeyApi } from './api/listen-key.api';
import { MarketApi } from './api/market.api';
import { SITE_FAMILIES, SiteFamily } from './api/site-family';
import { SpotApi } from './api/spot.api';
import { InvalidRequestError } from './errors/exchange-errors';
import { HttpTransport, UndiciHttpTransport } from './http/http-transport';
import { BatchSignatureScope, checkRecvWindow, DEFAULT_RECV_WINDOW_MS } from './http/request-layout';
import { ReadRetryPolicy, VenueRestClient } from './http/venue-rest-client';
import { RateBudgets, WeightRateLimiter } from './rate-limit/weight-rate-limiter';
import { ApiCredentials } from './signing/credentials';
import { createRequestSigner } from './signing/request-signer';
import { UserDataStream, UserDataStreamOptions } from './stream/user-data-stream';
import { SymbolRulebook } from './validation/symbol-rules';
import { MarketSite, marketSites } from './wire/enums.wire';

/** The seeds' API-key header; the live venue reads `X-HK-APIKEY`. */
export const DEFAULT_API_KEY_HEADER = 'X-APIKEY';

export interface ExchangeClientConfig {
  /** `{base_url}` of the site family, e.g. `https://api-glb.example.com`. */
  readonly baseUrl: string;
  /** Needed for every signed endpoint; market data works without. */
  readonly credentials?: ApiCredentials;
  /** Defaults to `professional` (the seeds' first family: HK and MENA sites). */
  readonly siteFamily?: SiteFamily;
  /** `site` sent with market data requests; the venue defaults to HK when absent. */
  readonly marketSite?: MarketSite;
  readonly apiKeyHeader?: string;
  /** Default 5000; above 8000 is refused before sending. */
  readonly recvWindowMs?: number;
  readonly batchSignatureScope?: BatchSignatureScope;
  /** Per request: time allowed for the answer's headers, and again for its body. */
  readonly requestTimeoutMs?: number;
  readonly readRetry?: Partial<ReadRetryPolicy>;
  /** Share one limiter between clients of the same key (or the same address). */
  readonly rateLimiter?: WeightRateLimiter;
  readonly rateBudgets?: Partial<RateBudgets>;
  readonly transport?: HttpTransport;
  readonly clockResyncIntervalMs?: number;
  /** Filter rules checked before sending orders; see `market.loadSymbolRules()`. */
  readonly symbolRules?: SymbolRulebook;
  readonly localNow?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one client of the exchange API: spot, futures, futures reference data, account,
 * market data and listen keys, sharing one signer, clock, rate limiter and
 * keep-alive connection pool.
 */
export class ExchangeClient {
  readonly spot: SpotApi;
  readonly futures: FuturesApi;
  readonly futuresReference: FuturesReferenceApi;
  readonly account: AccountApi;
  readonly market: MarketApi;
  readonly listenKeys: ListenKeyApi;
  readonly rest: VenueRestClient;
  readonly siteFamily: SiteFamily;
  private symbolRules: SymbolRulebook | undefined;
  private readonly transport: HttpTransport;
  private readonly ownsTransport: boolean;

  constructor(config: ExchangeClientConfig) {
    validateConfig(config);
    this.siteFamily = config.siteFamily ?? 'professional';
    this.symbolRules = config.symbolRules;
    this.ownsTransport = config.transport === undefined;
    this.transport = config.transport ?? new UndiciHttpTransport();
    const localNow = config.localNow ?? Date.now;
    const sleep = config.sleep ?? sleepFor;
    this.rest = new VenueRestClient({
      baseUrl: config.baseUrl,
      signer: config.credentials ? createRequestSigner(config.credentials) : undefined,
      apiKeyHeader: config.apiKeyHeader ?? DEFAULT_API_KEY_HEADER,
      recvWindowMs: config.recvWindowMs ?? DEFAULT_RECV_WINDOW_MS,
      batchSignatureScope: config.batchSignatureScope ?? 'query-and-body',
      requestTimeoutMs: config.requestTimeoutMs ?? 10_000,
      readRetry: { attempts: 3, baseDelayMs: 200, maxDelayMs: 2_000, ...config.readRetry },
      transport: this.transport,
      limiter:
        config.rateLimiter ?? new WeightRateLimiter({ budgets: config.rateBudgets, now: localNow, sleep }),
      localNow,
      sleep,
      random: config.random ?? Math.random,
      clockResyncIntervalMs: config.clockResyncIntervalMs,
    });
    const rules = () => this.symbolRules;
    this.spot = new SpotApi(this.rest, this.siteFamily, rules);
    this.futures = new FuturesApi(this.rest, rules);
    this.futuresReference = new FuturesReferenceApi(this.rest);
    this.account = new AccountApi(this.rest);
    this.market = new MarketApi(this.rest, config.marketSite);
    this.listenKeys = new ListenKeyApi(this.rest);
  }

  /** Replaces the filter rules used to check orders (e.g. after reloading exchange info). */
  useSymbolRules(rules: SymbolRulebook | undefined): void {
    this.symbolRules = rules;
  }

  /** Loads exchange info and checks every later order against its filters. */
  async refreshSymbolRules(): Promise<SymbolRulebook> {
    const rules = await this.market.loadSymbolRules();
    this.symbolRules = rules;
    return rules;
  }

  /** A user-data stream whose listen keys are created, kept alive and closed through this client. */
  createUserDataStream(options: Omit<UserDataStreamOptions, 'listenKeys'>): UserDataStream {
    return new UserDataStream({ ...options, listenKeys: this.listenKeys });
  }

  /** Closes pooled connections (only those of a transport this client created). */
  async close(): Promise<void> {
    if (this.ownsTransport) await this.transport.close();
  }
}

function validateConfig(config: ExchangeClientConfig): void {
  let url: URL;
  try {
    url = new URL(config.baseUrl);
  } catch {
    throw new InvalidRequestError('baseUrl', `is not a URL: "${config.baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidRequestError('baseUrl', `must be http or https, got ${url.protocol}`);
  }
  if (config.recvWindowMs !== undefined) checkRecvWindow(config.recvWindowMs);
  if (config.siteFamily !== undefined && !SITE_FAMILIES.includes(config.siteFamily)) {
    throw new InvalidRequestError(
      'siteFamily',
      `must be ${SITE_FAMILIES.join(' or ')}, got "${config.siteFamily}"`,
    );
  }
  if (config.marketSite !== undefined && !marketSites.includes(config.marketSite)) {
    throw new InvalidRequestError(
      'marketSite',
      `must be ${marketSites.join(' or ')}, got "${config.marketSite}"`,
    );
  }
  if (config.apiKeyHeader !== undefined && !/^[A-Za-z0-9-]+$/.test(config.apiKeyHeader)) {
    throw new InvalidRequestError('apiKeyHeader', `is not a valid header name: "${config.apiKeyHeader}"`);
  }
  if (config.requestTimeoutMs !== undefined && !(config.requestTimeoutMs > 0)) {
    throw new InvalidRequestError('requestTimeoutMs', 'must be greater than zero');
  }
}
