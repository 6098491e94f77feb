import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';

/** CPU seconds of a process (user + system) from /proc; 0 once it is gone or off Linux. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export interface CpuUsage {
  /** This process (the OMS fold, and here the project broker and the publisher too). */
  readonly processSeconds: number;
  /** The Postgres backends serving the database. */
  readonly postgresSeconds: number;
}

/**
 * The CPU a part of the bench uses: on a shared machine wall-clock figures move with the
 * load of others, the work done much less. Backends started after `start` count whole.
 */
export async function startCpuUsage(dataSource: DataSource): Promise<() => Promise<CpuUsage>> {
  const backends = async () =>
    (
      await dataSource.query<Array<{ pid: number }>>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
      )
    ).map((row) => row.pid);
  const processStart = process.cpuUsage();
  const backendStart = new Map((await backends()).map((pid) => [pid, processCpuSeconds(pid)]));
  return async () => {
    const processUsed = process.cpuUsage(processStart);
    let postgresSeconds = 0;
    for (const pid of await backends())
      postgresSeconds += processCpuSeconds(pid) - (backendStart.get(pid) ?? 0);
    return { processSeconds: (processUsed.user + processUsed.system) / 1e6, postgresSeconds };
  };
}
