import { ApiKeyPermission, ApiKeyRecord } from '../auth/api-key';
import { RateLimitClass } from '../limits/weight-rate-limiter';
import { RawRequest } from './raw-request';
import { RequestParams } from './request-params';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface PublicRouteContext {
  readonly request: RawRequest;
  readonly params: RequestParams;
  readonly now: () => number;
}

export interface PrivateRouteContext extends PublicRouteContext {
  readonly key: ApiKeyRecord;
}

interface RouteBase {
  readonly method: HttpMethod;
  readonly path: string;
}

/** An endpoint without a key: basic information and market data. */
export interface PublicRoute extends RouteBase {
  readonly security: 'NONE';
  handle(context: PublicRouteContext): unknown;
}

/** An endpoint that needs a key (and a signature when SIGNED), with its weight and budget. */
export interface PrivateRoute extends RouteBase {
  readonly security: 'API_KEY' | 'SIGNED';
  readonly weight: number;
  readonly limitClass: RateLimitClass;
  readonly permission?: ApiKeyPermission;
  /** Order create and cancel endpoints: the ones HTTP faults apply to. */
  readonly matching?: boolean;
  handle(context: PrivateRouteContext): unknown;
}

export type ExchangeRoute = PublicRoute | PrivateRoute;

/** Shorthands that keep route tables readable. */
export const signedQuery = (
  method: HttpMethod,
  path: string,
  weight: number,
  handle: PrivateRoute['handle'],
): PrivateRoute => ({ method, path, security: 'SIGNED', weight, limitClass: 'QUERY', handle });

export const signedOrder = (
  method: HttpMethod,
  path: string,
  weight: number,
  handle: PrivateRoute['handle'],
  options: { matching?: boolean; permission?: ApiKeyPermission } = {},
): PrivateRoute => ({
  method,
  path,
  security: 'SIGNED',
  weight,
  limitClass: 'ORDER',
  permission: options.permission ?? 'TRADE',
  matching: options.matching ?? true,
  handle,
});

export const publicRoute = (
  method: HttpMethod,
  path: string,
  handle: PublicRoute['handle'],
): PublicRoute => ({
  method,
  path,
  security: 'NONE',
  handle,
});
