import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';

interface StreamRow {
  readonly account: string;
  readonly connected: boolean;
  readonly since: Date;
  readonly gaps: number;
  readonly last_gap_end: Date | null;
}

/**
 * Each served account's private venue stream as the fold last recorded it
 * (rm_venue_streams). Reported, never failing the check: the OMS still serves the desk
 * while a stream is down (the polls fill in).
 */
export async function venueStreamsHealth(
  dataSource: DataSource,
  servedAccounts: readonly string[],
  indicators: HealthIndicatorService,
): Promise<HealthIndicatorResult> {
  const indicator = indicators.check('venueStreams');
  const rows = await dataSource.query<StreamRow[]>(
    `SELECT account, connected, since, gaps, last_gap_end FROM rm_venue_streams`,
  );
  const byAccount = new Map(rows.map((row) => [row.account, row]));
  const accounts = Object.fromEntries(
    [...new Set([...servedAccounts, ...byAccount.keys()])].sort().map((account) => {
      const row = byAccount.get(account);
      return [
        account,
        row
          ? {
              connected: row.connected,
              since: row.since.toISOString(),
              gaps: row.gaps,
              lastGapEnd: row.last_gap_end?.toISOString() ?? null,
            }
          : { connected: false, since: null, gaps: 0, lastGapEnd: null },
      ];
    }),
  );
  return indicator.up({ accounts });
}
