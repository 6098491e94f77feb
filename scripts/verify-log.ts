/**
 * `npm run verify-log`: walks the hash-chained event log of DATABASE_URL and names every
 * row that breaks the chain (global position and why). Exit code 0 when the chain is
 * intact, 1 when it is broken, 2 when the check could not run.
 *
 * Options: `--anchor <position>:<hash>` checks that the row at that position still has
 * the hash an earlier run printed (the chain head line), which detects a rewrite of the
 * whole chain; `--since <position>:<hash>` checks only the rows after a head printed
 * by an earlier intact run (the row there must still have that hash); `--quiet` prints
 * no progress.
 */
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, verifyEventLog } from '@oms/persistence';

function parsePositionHash(
  argv: readonly string[],
  flag: string,
): { position: string; hash: string } | undefined {
  const index = argv.indexOf(flag);
  if (index < 0) return undefined;
  const match = /^(\d+):([0-9a-f]{64})$/.exec(argv[index + 1] ?? '');
  if (!match) throw new Error(`${flag} expects <position>:<64 hex digits of the hash>`);
  return { position: match[1], hash: match[2] };
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL must be set');
  const argv = process.argv.slice(2);
  const anchor = parsePositionHash(argv, '--anchor');
  const since = parsePositionHash(argv, '--since');
  const quiet = argv.includes('--quiet');
  const dataSource = new DataSource({
    ...buildDataSourceOptions(databaseUrl, 'oms-verify-log'),
    logging: false,
  });
  await dataSource.initialize();
  try {
    const started = Date.now();
    const result = await verifyEventLog(dataSource, {
      anchor,
      since,
      onProgress: quiet
        ? undefined
        : (checked, position, headPosition) =>
            process.stderr.write(`\rchecked ${checked} rows, position ${position} of ${headPosition}`),
    });
    if (!quiet) process.stderr.write('\n');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`chain head: ${result.head.position}:${result.head.hash}`);
    if (result.ok) {
      console.log(`event log intact: ${result.checkedRows} rows checked in ${seconds} s`);
      return 0;
    }
    const [first] = result.breaks;
    console.log(
      `event log TAMPERED: first bad row at global position ${first.globalPosition} (${first.kind}): ${first.reason}`,
    );
    for (const each of result.breaks.slice(1)) {
      console.log(`  also at global position ${each.globalPosition} (${each.kind}): ${each.reason}`);
    }
    console.log(`${result.breaks.length} break(s) in ${result.checkedRows} rows checked in ${seconds} s`);
    return 1;
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify-log could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
