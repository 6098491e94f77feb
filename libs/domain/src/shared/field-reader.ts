import { canonicalDecimal, isDecimalString } from './decimal';
import { invalidField, missingField } from './domain-error';

/**
 * Reads typed fields out of untrusted records (Kafka payloads, stored events) and
 * throws a DomainError naming the dotted path of the first field that is wrong.
 */
export class FieldReader {
  private constructor(
    private readonly record: Readonly<Record<string, unknown>>,
    private readonly path: string,
  ) {}

  static of(value: unknown, path: string): FieldReader {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidField(path, 'must be an object');
    }
    return new FieldReader(value as Record<string, unknown>, path);
  }

  private name(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  has(key: string): boolean {
    const value = this.record[key];
    return value !== undefined && value !== null;
  }

  raw(key: string): unknown {
    return this.record[key];
  }

  object(key: string): FieldReader {
    if (!this.has(key)) throw missingField(this.name(key));
    return FieldReader.of(this.record[key], this.name(key));
  }

  optionalObject(key: string): FieldReader | null {
    return this.has(key) ? this.object(key) : null;
  }

  string(key: string): string {
    const value = this.record[key];
    if (value === undefined || value === null) throw missingField(this.name(key));
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    if (typeof value !== 'string' || value.length === 0) {
      throw invalidField(this.name(key), 'must be a non-empty string');
    }
    return value;
  }

  optionalString(key: string): string | null {
    const value = this.record[key];
    if (value === undefined || value === null || value === '') return null;
    return this.string(key);
  }

  boolean(key: string): boolean {
    const value = this.record[key];
    if (typeof value !== 'boolean') {
      if (value === undefined || value === null) throw missingField(this.name(key));
      throw invalidField(this.name(key), 'must be a boolean');
    }
    return value;
  }

  optionalBoolean(key: string): boolean | null {
    return this.has(key) ? this.boolean(key) : null;
  }

  /** Millisecond epoch; the venue sends it as a number or as a digit string. */
  time(key: string): number {
    const value = this.record[key];
    if (value === undefined || value === null) throw missingField(this.name(key));
    const parsed = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
    if (typeof parsed !== 'number' || !Number.isSafeInteger(parsed) || parsed < 0) {
      throw invalidField(this.name(key), 'must be a millisecond timestamp');
    }
    return parsed;
  }

  optionalTime(key: string): number | null {
    return this.has(key) ? this.time(key) : null;
  }

  integer(key: string, minimum = 0): number {
    const value = this.record[key];
    if (value === undefined || value === null) throw missingField(this.name(key));
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
      throw invalidField(this.name(key), `must be an integer >= ${minimum}`);
    }
    return value;
  }

  decimal(key: string, constraint: 'any' | 'non-negative' | 'positive' = 'non-negative'): string {
    const value = this.record[key];
    if (value === undefined || value === null || value === '') throw missingField(this.name(key));
    if (!isDecimalString(value)) throw invalidField(this.name(key), 'must be a decimal string');
    const canonical = canonicalDecimal(value);
    if (constraint === 'non-negative' && canonical.startsWith('-')) {
      throw invalidField(this.name(key), 'must not be negative');
    }
    if (constraint === 'positive' && (canonical.startsWith('-') || canonical === '0')) {
      throw invalidField(this.name(key), 'must be greater than zero');
    }
    return canonical;
  }

  optionalDecimal(
    key: string,
    constraint: 'any' | 'non-negative' | 'positive' = 'non-negative',
  ): string | null {
    const value = this.record[key];
    if (value === undefined || value === null || value === '') return null;
    return this.decimal(key, constraint);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const value = this.string(key);
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidField(this.name(key), `must be one of ${allowed.join(', ')}`);
    }
    return value as T;
  }

  optionalOneOf<T extends string>(key: string, allowed: readonly T[]): T | null {
    return this.optionalString(key) === null ? null : this.oneOf(key, allowed);
  }
}
