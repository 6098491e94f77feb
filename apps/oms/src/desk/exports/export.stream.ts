import { Logger } from '@nestjs/common';
import { Response } from 'express';
import { DataSource } from 'typeorm';
import { csvLine, CsvValue } from '../reports/csv';
import { ExportFormat } from './export-format';

const FETCH_SIZE = 2000;

export interface ExportSpec<Row, Item> {
  /** The file name without its extension. */
  readonly name: string;
  /** The CSV columns, in order: fields of the item. */
  readonly columns: readonly (keyof Item & string)[];
  /** SELECT ... ORDER BY ..., with $n parameters. */
  readonly sql: string;
  readonly params: readonly unknown[];
  /** The desk's item of a row (the same object the list answers). */
  readonly item: (row: Row) => Item;
}

/** How each format frames the items: CSV lines under a header, or one `{"items": [...]}` document. */
interface ExportWriter<Item> {
  readonly contentType: string;
  readonly head: string;
  chunk(items: readonly Item[], first: boolean): string;
  readonly tail: string;
}

function writerOf<Item>(format: ExportFormat, columns: readonly (keyof Item & string)[]): ExportWriter<Item> {
  if (format === 'json') {
    return {
      contentType: 'application/json',
      head: '{"items":[',
      chunk: (items, first) => (first ? '' : ',') + items.map((item) => JSON.stringify(item)).join(','),
      tail: ']}',
    };
  }
  return {
    contentType: 'text/csv',
    head: csvLine(columns),
    chunk: (items) =>
      items.map((item) => csvLine(columns.map((column) => item[column] as CsvValue))).join(''),
    tail: '',
  };
}

function drained(response: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

/**
 * Streams a query as CSV or JSON through a server-side cursor, a batch at a time,
 * waiting for the client to take each batch: a million rows never sit in memory. A
 * client that goes away ends the cursor.
 */
export async function streamExport<Row, Item>(
  dataSource: DataSource,
  response: Response,
  format: ExportFormat,
  spec: ExportSpec<Row, Item>,
): Promise<void> {
  const logger = new Logger('DeskExport');
  const writer = writerOf<Item>(format, spec.columns);
  const runner = dataSource.createQueryRunner('slave');
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    await runner.query(`DECLARE desk_export NO SCROLL CURSOR FOR ${spec.sql}`, [...spec.params]);
    response.status(200).type(writer.contentType);
    response.setHeader('Content-Disposition', `attachment; filename="${spec.name}.${format}"`);
    response.write(writer.head);
    for (let first = true; ; first = false) {
      if (response.destroyed) break;
      const rows = (await runner.query(`FETCH ${FETCH_SIZE} FROM desk_export`)) as Row[];
      if (rows.length === 0) break;
      if (!response.write(writer.chunk(rows.map(spec.item), first))) await drained(response);
    }
    await runner.commitTransaction();
    response.end(writer.tail);
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    if (response.headersSent) {
      logger.error({ err: error }, 'export stopped part-way');
      response.destroy();
      return;
    }
    throw error;
  } finally {
    await runner.release();
  }
}
