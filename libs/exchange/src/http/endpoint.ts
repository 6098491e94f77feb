import { HttpMethod } from './http-transport';
import { RateCategory } from '../rate-limit/weight-rate-limiter';

/**
 * What the client must know of an endpoint to call it: how it is authenticated, what
 * it costs in rate budget, and whether repeating it is safe (`read`) or could act
 * twice (`write`: never retried blindly, failures in flight are uncertain).
 */
export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly security: 'public' | 'signed';
  readonly weight: number;
  readonly rate: RateCategory;
  readonly effect: 'read' | 'write';
  /** Batch endpoints: JSON array body, timestamp and signature in the query. */
  readonly jsonArrayBody?: boolean;
  /** Extra budgets booked on top of `rate` (internal transfers: once per second). */
  readonly extraRates?: readonly RateCategory[];
}

export function endpointName(endpoint: EndpointSpec): string {
  return `${endpoint.method} ${endpoint.path}`;
}
