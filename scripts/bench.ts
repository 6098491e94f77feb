/**
 * `npm run bench`: runs every benchmark of the project (`**\/bench/*.bench.ts` under apps,
 * libs and tools), one after the other in its own process so that figures do not disturb
 * each other, echoing what each prints. Figures are read from `BENCH_RESULT {json}` lines
 * (libs/platform bench-result.ts), else from printed "label: value unit" lines, and written
 * with each process's peak RSS to bench/results/latest.json and latest.md; a full run also
 * copies the table into the README. `npm run bench -- kafka` runs those whose path contains
 * "kafka" and writes bench/results/filtered.{json,md} instead.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  BenchReport,
  currentCommit,
  machineFacts,
  markdownTable,
  updateReadmeTable,
  writeReport,
} from './bench/bench-report';
import { BenchRun, runBenchFile } from './bench/run-bench-file';

const root = join(__dirname, '..');

function findBenchFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...findBenchFiles(path));
    else if (name.endsWith('.bench.ts')) found.push(path);
  }
  return found;
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  const files = ['apps', 'libs', 'tools']
    .map((top) => join(root, top))
    .flatMap((top) => {
      try {
        return findBenchFiles(top);
      } catch {
        return [];
      }
    })
    .map((file) => relative(root, file))
    .filter((file) => !filter || file.includes(filter))
    .sort();

  const runs: BenchRun[] = [];
  for (const file of files) {
    console.log(`\n=== ${file}`);
    const run = await runBenchFile(root, file);
    if (run.malformed.length > 0)
      console.error(`malformed BENCH_RESULT line(s) in ${file}:\n${run.malformed.join('\n')}`);
    runs.push(run);
  }
  const report: BenchReport = {
    ranAt: new Date().toISOString(),
    commit: currentCommit(root),
    filter: filter ?? null,
    machine: machineFacts(),
    runs,
  };
  const written = await writeReport(root, filter ? 'filtered' : 'latest', report);
  const readme = !filter && (await updateReadmeTable(join(root, 'README.md'), markdownTable(report)));
  const failed = runs.filter((run) => run.exitCode !== 0).length;
  console.log(`\n${files.length} benchmark(s) run, ${failed} failed`);
  console.log(
    `results: ${relative(root, written.json)}, ${relative(root, written.markdown)}${readme ? ', README.md' : ''}`,
  );
  process.exit(failed === 0 ? 0 : 1);
}

void main();
