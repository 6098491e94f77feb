/**
 * Runs every benchmark of the project (`**\/bench/*.bench.ts` under apps, libs and
 * tools), one after the other in its own process so that figures do not disturb each
 * other, and prints what each reports. `npm run bench -- kafka` runs those whose path
 * contains "kafka".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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
  .filter((file) => !filter || file.includes(filter))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${relative(root, file)}`);
  const result = spawnSync(process.execPath, ['-r', join(root, 'scripts/register.cjs'), file], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) failed += 1;
}
console.log(`\n${files.length} benchmark(s) run, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
