import { ExchangeApiError } from './exchange-api-error';
import { isJsonBody, RawRequest } from './raw-request';

/**
 * The named parameters of a request. Parameters may come in the query string or a
 * form body, in any order; where a name appears in both, the query string wins
 * (seeds, general rule 6). A JSON body (batch endpoints) is kept apart as `jsonBody`.
 */
export class RequestParams {
  private constructor(
    private readonly values: ReadonlyMap<string, string>,
    readonly jsonBody: unknown,
  ) {}

  static from(request: RawRequest): RequestParams {
    const values = new Map<string, string>();
    let jsonBody: unknown = undefined;
    if (request.rawBody.length > 0) {
      if (isJsonBody(request)) {
        try {
          jsonBody = JSON.parse(request.rawBody) as unknown;
        } catch {
          throw ExchangeApiError.badRequest('-1004', 'Bad request');
        }
      } else {
        for (const [name, value] of new URLSearchParams(request.rawBody)) values.set(name, value);
      }
    }
    for (const [name, value] of new URLSearchParams(request.rawQuery)) values.set(name, value);
    return new RequestParams(values, jsonBody);
  }

  static of(values: Record<string, string>): RequestParams {
    return new RequestParams(new Map(Object.entries(values)), undefined);
  }

  has(name: string): boolean {
    const value = this.values.get(name);
    return value !== undefined && value !== '';
  }

  optionalString(name: string): string | undefined {
    const value = this.values.get(name);
    return value === undefined || value === '' ? undefined : value;
  }

  requiredString(name: string): string {
    const value = this.optionalString(name);
    if (value === undefined) throw ExchangeApiError.requiredField(name);
    return value;
  }

  optionalEnum<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.optionalString(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw ExchangeApiError.invalidParameter(name, `must be one of ${allowed.join(', ')}`);
    }
    return value as T;
  }

  requiredEnum<T extends string>(name: string, allowed: readonly T[]): T {
    const value = this.optionalEnum(name, allowed);
    if (value === undefined) throw ExchangeApiError.requiredField(name);
    return value;
  }

  /** A decimal kept as its string so no precision is lost on the way to the engine. */
  optionalDecimal(name: string): string | undefined {
    const value = this.optionalString(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+(\.\d+)?$/.test(value))
      throw ExchangeApiError.invalidParameter(name, 'must be a decimal number');
    return value;
  }

  requiredDecimal(name: string): string {
    const value = this.optionalDecimal(name);
    if (value === undefined) throw ExchangeApiError.requiredField(name);
    return value;
  }

  /** A LONG id kept as its string: 19-digit ids are beyond a JS number's exact range. */
  optionalId(name: string): string | undefined {
    const value = this.optionalString(name);
    if (value !== undefined && !/^\d{1,20}$/.test(value))
      throw ExchangeApiError.invalidParameter(name, 'must be a numeric id');
    return value;
  }

  optionalInteger(name: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const value = this.optionalString(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw ExchangeApiError.invalidParameter(name, 'must be an integer');
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed)) throw ExchangeApiError.invalidParameter(name, 'is out of range');
    if (bounds.min !== undefined && parsed < bounds.min) {
      throw ExchangeApiError.invalidParameter(name, `must be at least ${bounds.min}`);
    }
    if (bounds.max !== undefined && parsed > bounds.max) {
      throw ExchangeApiError.invalidParameter(name, `must be at most ${bounds.max}`);
    }
    return parsed;
  }

  requiredInteger(name: string, bounds: { min?: number; max?: number } = {}): number {
    const value = this.optionalInteger(name, bounds);
    if (value === undefined) throw ExchangeApiError.requiredField(name);
    return value;
  }

  optionalBoolean(name: string): boolean | undefined {
    const value = this.optionalString(name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw ExchangeApiError.invalidParameter(name, 'must be true or false');
    return value === 'true';
  }
}
