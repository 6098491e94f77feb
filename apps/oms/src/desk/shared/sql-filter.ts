/**
 * Builds a parameterised WHERE clause: values are always bound ($n), never spliced,
 * so filters carry no injection risk whatever the desk sends.
 */
export class SqlFilter {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];
  /** The values of each column restricted to several (`within`). */
  private readonly severalValues = new Map<string, readonly string[]>();

  /** Binds a value and returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds `sql`, where each `?` is replaced by the next of `values`, bound. */
  where(sql: string, ...values: unknown[]): this {
    let index = 0;
    this.conditions.push(sql.replace(/\?/g, () => this.bind(values[index++])));
    return this;
  }

  /** Adds `column = value` when a value is given. */
  equals(column: string, value: unknown): this {
    return value === undefined || value === null ? this : this.where(`${column} = ?`, value);
  }

  /**
   * Restricts `column` to the given values; null means no restriction. One value is an
   * equality: the planner uses an index led by the column to read a list in its order
   * (`= ANY` of a one-value array walked the whole list's index instead, filtering).
   */
  within(column: string, values: readonly string[] | null): this {
    if (values === null) return this;
    if (values.length === 1) return this.where(`${column} = ?`, values[0]);
    this.severalValues.set(column, values);
    return this.where(`${column} = ANY(?)`, [...values]);
  }

  /** The values `column` is restricted to when `within` gave it several; else undefined. */
  severalValuesOf(column: string): readonly string[] | undefined {
    return this.severalValues.get(column);
  }

  /** Restricts a time `column` to [from, to) when either bound is given (ISO-8601 text). */
  period(column: string, from: string | undefined, to: string | undefined): this {
    if (from !== undefined) this.where(`${column} >= ?::timestamptz`, from);
    if (to !== undefined) this.where(`${column} < ?::timestamptz`, to);
    return this;
  }

  clause(): string {
    return this.conditions.length === 0 ? '' : `WHERE ${this.conditions.join(' AND ')}`;
  }
}
