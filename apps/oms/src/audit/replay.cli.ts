import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@oms/persistence';
import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { ReadModelReplay, ReplayProgress, ReplayResult } from './read-model-replay';
import { describeDifference } from './replay-compare';

export interface ReplayCliIo {
  readonly out: (line: string) => void;
  /** Progress goes here (a terminal line rewritten in place). */
  readonly progress: (text: string) => void;
}

function progressLine({ done, total, elapsedMs }: ReplayProgress): string {
  const width = 30;
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '.');
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const eta = rate > 0 ? Math.max(0, (total - done) / rate) : 0;
  return `[${bar}] ${done}/${total} events ${(share * 100).toFixed(1)}% ${Math.round(rate)} ev/s ETA ${eta.toFixed(1)} s`;
}

/**
 * `npm run replay [-- --verify]`: rebuilds the read models from the event store and
 * swaps them in, or (--verify) rebuilds aside and prints each difference with the live
 * tables. Returns the exit code: 1 when verify found a difference.
 */
export async function runReplayCli(
  argv: readonly string[],
  databaseUrl: string | undefined,
  io: ReplayCliIo,
): Promise<number> {
  if (!databaseUrl) throw new Error('DATABASE_URL must be set (a postgres:// URL)');
  const verify = argv.includes('--verify');
  const unknown = argv.filter((argument) => argument !== '--verify');
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')} (only --verify)`);
  const dataSource = new DataSource({
    ...buildDataSourceOptions(databaseUrl, 'oms-replay'),
    logging: ['error'],
  });
  await dataSource.initialize();
  try {
    const replay = new ReadModelReplay(dataSource, new AggregateDeciders(() => undefined));
    const options = { onProgress: (progress: ReplayProgress) => io.progress(progressLine(progress)) };
    const result: ReplayResult = verify ? await replay.verify(options) : await replay.rebuild(options);
    const rate = result.elapsedMs > 0 ? Math.round((result.events * 1000) / result.elapsedMs) : result.events;
    io.out(
      `replayed ${result.events} events of ${result.streams} aggregates in ${result.elapsedMs} ms (${rate} events/s)`,
    );
    if (!verify) {
      io.out('read models rebuilt and swapped in');
      return 0;
    }
    for (const difference of result.differences) io.out(`DIFFERENCE ${describeDifference(difference)}`);
    io.out(
      result.differences.length === 0
        ? 'verify: no difference'
        : `verify: ${result.differences.length} difference(s)`,
    );
    return result.differences.length === 0 ? 0 : 1;
  } finally {
    await dataSource.destroy();
  }
}
