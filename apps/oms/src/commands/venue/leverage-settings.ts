import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlExecutor } from '@oms/persistence';

/** A leverage the venue accepted from this OMS, and when (epoch ms). */
export interface LeverageSetting {
  readonly leverage: string;
  readonly setAtMs: number;
}

/**
 * The leverage each account last set per futures symbol through any OMS process
 * (`oms_futures_leverage`): what the pre-trade margin checks of every process use
 * once it is newer than their own copy of the venue's leverage.
 */
@Injectable()
export class LeverageSettings {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a leverage the venue accepted. */
  async record(account: string, symbol: string, leverage: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO oms_futures_leverage (account, symbol, leverage, set_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (account, symbol) DO UPDATE SET leverage = excluded.leverage, set_at = excluded.set_at`,
      [account, symbol, leverage],
    );
  }

  /** The leverage last set for the symbol, read on `executor` (a transaction's), if any. */
  async latest(executor: SqlExecutor, account: string, symbol: string): Promise<LeverageSetting | null> {
    const rows = (await executor.query(
      `SELECT leverage::text AS leverage, (extract(epoch FROM set_at) * 1000)::float8 AS "setAtMs"
         FROM oms_futures_leverage WHERE account = $1 AND symbol = $2`,
      [account, symbol],
    )) as LeverageSetting[];
    return rows[0] ?? null;
  }
}
