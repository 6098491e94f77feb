/** Runs one benchmark file in a process of its own, echoing its output, sampling its peak RSS. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BenchFigure, parseBenchOutput } from '@oms/platform';

export interface BenchRun {
  readonly file: string;
  readonly exitCode: number | null;
  readonly durationMs: number;
  /** The benchmark process's peak resident set (Linux VmHWM), sampled every 200 ms. */
  readonly peakRssMb: number | null;
  readonly source: 'BENCH_RESULT' | 'printed-lines';
  readonly figures: BenchFigure[];
  readonly malformed: string[];
  /** The end of what the benchmark printed, so a figure can be traced to its line. */
  readonly output: string;
}

function peakRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 102.4) / 10;
  } catch {
    return null;
  }
}

export function runBenchFile(root: string, file: string): Promise<BenchRun> {
  const started = Date.now();
  const child = spawn(process.execPath, ['-r', join(root, 'scripts/register.cjs'), join(root, file)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let peak: number | null = null;
  const sample = () => {
    const current = child.pid === undefined ? null : peakRssMb(child.pid);
    if (current !== null) peak = Math.max(peak ?? 0, current);
  };
  const sampler = setInterval(sample, 200);
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  return new Promise((resolve) => {
    child.once('exit', (exitCode) => {
      clearInterval(sampler);
      const parsed = parseBenchOutput(output);
      resolve({
        file,
        exitCode,
        durationMs: Date.now() - started,
        peakRssMb: peak,
        ...parsed,
        output: output.slice(-20_000),
      });
    });
  });
}
