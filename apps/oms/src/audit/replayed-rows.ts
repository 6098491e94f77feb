import { UpsertColumn } from '../projections/multi-row-upsert';
import { ReadModelRows } from '../projections/read-model.projector';

interface TableRows {
  readonly columns: readonly UpsertColumn[];
  readonly keyIndexes: readonly number[];
  readonly byKey: Map<string, readonly unknown[]>;
}

/**
 * The read-model rows a replay has projected so far, one per key: a row projected again
 * (from a later state of its stream) replaces the earlier one, as the projector's
 * upsert would. Held in memory until the fresh tables are loaded in one go.
 */
export class ReplayedRows {
  private readonly tables = new Map<string, TableRows>();

  add(projected: readonly ReadModelRows[]): void {
    for (const { table, columns, key, rows } of projected) {
      let held = this.tables.get(table);
      if (held === undefined) {
        const keyIndexes = key.map((name) => columns.findIndex((column) => column.name === name));
        held = { columns, keyIndexes, byKey: new Map() };
        this.tables.set(table, held);
      }
      for (const row of rows) held.byKey.set(JSON.stringify(held.keyIndexes.map((index) => row[index])), row);
    }
  }

  /** Each table (in the order first projected) with its columns and rows. */
  *entries(): Generator<{
    table: string;
    columns: readonly UpsertColumn[];
    rows: Iterable<readonly unknown[]>;
  }> {
    for (const [table, held] of this.tables)
      yield { table, columns: held.columns, rows: held.byKey.values() };
  }
}
