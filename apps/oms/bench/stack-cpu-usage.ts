import { Client } from 'pg';
import { processCpuSeconds } from './fold-cpu-usage';
import { ProcessStack } from './process-stack';

/** CPU milliseconds each part of the stack used, by name (the apps, and `postgres` for its backends). */
export type StackCpu = ReadonlyMap<string, number>;

async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * The CPU the stack's processes use from now on: on a small host the apps, Postgres and
 * the caller share the cores, so a latency is only read right beside the work that
 * competed for them. Backends opened later count whole.
 */
export async function startStackCpuUsage(stack: ProcessStack): Promise<() => Promise<StackCpu>> {
  const apps = [...stack.processes.values()].map((app) => ({ name: app.name, pid: app.pid }));
  const appStart = new Map(apps.map((app) => [app.pid, processCpuSeconds(app.pid)]));
  const backendStart = new Map(
    (await backendPids(stack.databaseUrl)).map((pid) => [pid, processCpuSeconds(pid)]),
  );
  const callerStart = process.cpuUsage();
  return async () => {
    const used = new Map<string, number>();
    for (const app of apps) {
      used.set(app.name, (processCpuSeconds(app.pid) - (appStart.get(app.pid) ?? 0)) * 1000);
    }
    let postgres = 0;
    for (const pid of await backendPids(stack.databaseUrl)) {
      postgres += processCpuSeconds(pid) - (backendStart.get(pid) ?? 0);
    }
    used.set('postgres', postgres * 1000);
    const caller = process.cpuUsage(callerStart);
    used.set('bench client', (caller.user + caller.system) / 1000);
    return used;
  };
}
