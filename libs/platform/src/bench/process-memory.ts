/**
 * What a benchmark reads of a process it runs (Linux /proc): resident memory now and at
 * its peak, and the CPU time used so far. Benchmarks measure each app as its own process,
 * so a figure is the app's and not the harness's.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** VmRSS: resident now; VmHWM: the peak resident set ("high water mark"). */
export type MemoryField = 'VmRSS' | 'VmHWM';

/** `field` of a /proc/<pid>/status text, in MB (whole MB), or NaN when absent. */
export function statusMemoryMb(status: string, field: MemoryField): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kb === undefined ? NaN : Math.round(Number(kb) / 1024);
}

/** User plus system CPU time of a /proc/<pid>/stat text, in ms (fields 14 and 15, in USER_HZ ticks). */
export function statCpuMs(stat: string, ticksPerSecond = 100): number {
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The process's resident memory (`VmRSS`) or peak resident memory (`VmHWM`), in MB; NaN once it is gone. */
export function processMemoryMb(pid: number, field: MemoryField): number {
  try {
    return statusMemoryMb(readFileSync(`/proc/${pid}/status`, 'utf8'), field);
  } catch {
    return NaN;
  }
}

/** CPU time (user and system) the process has used so far, in ms; NaN once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

/**
 * Resets the process's peak (VmHWM) to its resident memory now (Linux: 5 written to
 * clear_refs), so that the next phase gets a peak of its own. Returns false where that
 * is not permitted: later peaks then include the earlier phases.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
