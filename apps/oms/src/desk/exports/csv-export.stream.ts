import { Logger } from '@nestjs/common';
import { Response } from 'express';
import { DataSource } from 'typeorm';
import { csvLine, CsvValue } from '../reports/csv';

const FETCH_SIZE = 2000;

export interface CsvExport<Row> {
  readonly filename: string;
  readonly columns: readonly string[];
  /** SELECT ... ORDER BY ..., with $n parameters. */
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly values: (row: Row) => readonly CsvValue[];
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
 * Streams a query as CSV through a server-side cursor, a batch at a time, waiting for
 * the client to take each batch: a million rows never sit in memory. A client that
 * goes away ends the cursor.
 */
export async function streamCsvExport<Row>(
  dataSource: DataSource,
  response: Response,
  spec: CsvExport<Row>,
): Promise<void> {
  const logger = new Logger('CsvExport');
  const runner = dataSource.createQueryRunner('slave');
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    await runner.query(`DECLARE desk_export NO SCROLL CURSOR FOR ${spec.sql}`, [...spec.params]);
    response.status(200).type('text/csv');
    response.setHeader('Content-Disposition', `attachment; filename="${spec.filename}"`);
    response.write(csvLine(spec.columns));
    for (;;) {
      if (response.destroyed) break;
      const rows = (await runner.query(`FETCH ${FETCH_SIZE} FROM desk_export`)) as Row[];
      if (rows.length === 0) break;
      const chunk = rows.map((row) => csvLine(spec.values(row))).join('');
      if (!response.write(chunk)) await drained(response);
    }
    await runner.commitTransaction();
    response.end();
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    if (response.headersSent) {
      logger.error({ err: error }, 'CSV export stopped part-way');
      response.destroy();
      return;
    }
    throw error;
  } finally {
    await runner.release();
  }
}
