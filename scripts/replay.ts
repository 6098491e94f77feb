/**
 * `npm run replay [-- --verify]`: rebuild every read model from the event store into
 * fresh tables and swap them in; --verify rebuilds aside and prints each difference.
 */
import { runReplayCli } from '../apps/oms/src/audit/replay.cli';

runReplayCli(process.argv.slice(2), process.env.DATABASE_URL, {
  out: (line) => console.log(line),
  progress: (text) => process.stderr.write(`\r${text}`),
}).then(
  (code) => {
    process.stderr.write('\n');
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
