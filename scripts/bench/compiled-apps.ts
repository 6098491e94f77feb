/**
 * Benchmarks that measure an app as deployed run its compiled build (`npm run build`,
 * `dist/`) with the V8 flags the deployment gives it, as docker/Dockerfile does
 * (`node ${NODE_FLAGS} dist/apps/<app>/src/main.js`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..');

/** The compiled entry point of an app or tool, e.g. `compiledEntry('apps/oms')`. */
export function compiledEntry(folder: string): string {
  return join(root, 'dist', folder, 'src/main.js');
}

/**
 * The V8 flags the deployment gives a service's node: `NODE_FLAGS` of the service in
 * docker/compose.yaml (the image passes it to node; none when the service sets none).
 */
export function deployedNodeFlags(service: string): string[] {
  const compose = parse(readFileSync(join(root, 'docker/compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: { NODE_FLAGS?: string } } | undefined>;
  };
  if (!compose.services[service]) throw new Error(`docker/compose.yaml has no service ${service}`);
  return (compose.services[service]?.environment?.NODE_FLAGS ?? '').split(' ').filter(Boolean);
}

/** Newest modification time of the sources under `folder` that the apps run (not specs, benches or test support). */
function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!['test-support', 'bench', 'node_modules'].includes(entry.name))
        newest = Math.max(newest, newestSource(path));
    } else if (entry.name.endsWith('.ts') && !/\.(int-|e2e-)?spec\.ts$/.test(entry.name)) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/**
 * Runs `npm run build` when one of `entries` (compiled entry points) is missing or older
 * than the sources of apps, libs and tools, so that a benchmark measures the code it sits beside.
 */
export function ensureFreshBuild(entries: readonly string[]): void {
  const newest = Math.max(...['apps', 'libs', 'tools'].map((folder) => newestSource(join(root, folder))));
  const fresh = entries.every((entry) => existsSync(entry) && newest <= statSync(entry).mtimeMs);
  if (fresh) return;
  console.log('the compiled build is missing or older than its sources: npm run build');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}
