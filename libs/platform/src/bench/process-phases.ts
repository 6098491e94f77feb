import { processCpuMs, processMemoryMb, resetPeakRss } from './process-memory';

/** One process's figures over one phase of a benchmark. */
export interface PhaseFigures {
  readonly phase: string;
  readonly process: string;
  /** Peak resident memory during the phase (VmHWM), MB. */
  readonly peakRssMb: number;
  /** CPU time (user and system) spent during the phase, ms. */
  readonly cpuMs: number;
}

/** How the phases read a process; /proc by default. */
export interface ProcessProbe {
  peakRssMb(pid: number): number;
  cpuMs(pid: number): number;
  resetPeak(pid: number): boolean;
}

const procProbe: ProcessProbe = {
  peakRssMb: (pid) => processMemoryMb(pid, 'VmHWM'),
  cpuMs: processCpuMs,
  resetPeak: resetPeakRss,
};

/**
 * Peak RSS and CPU time of named processes, phase by phase: each `endPhase` reads every
 * process's peak since the previous phase ended (since its start for the first) and
 * resets it. Where the reset is not permitted, a phase's peak includes the earlier ones.
 */
export class ProcessPhases {
  private readonly cpuAtPhaseStart = new Map<string, number>();
  private readonly recorded: PhaseFigures[] = [];
  private resettable = true;

  constructor(
    /** Process ids by the name figures give them (e.g. "oms", "venue"). */
    private readonly processes: ReadonlyMap<string, number>,
    private readonly probe: ProcessProbe = procProbe,
  ) {
    for (const name of processes.keys()) this.cpuAtPhaseStart.set(name, 0);
  }

  get phases(): readonly PhaseFigures[] {
    return this.recorded;
  }

  /** False once a reset was refused: phase peaks then include the earlier phases. */
  get peaksArePerPhase(): boolean {
    return this.resettable;
  }

  /** Ends the phase named `phase`, returning each process's figures for it. */
  endPhase(phase: string): PhaseFigures[] {
    const ended: PhaseFigures[] = [];
    for (const [name, pid] of this.processes) {
      const cpu = this.probe.cpuMs(pid);
      ended.push({
        phase,
        process: name,
        peakRssMb: this.probe.peakRssMb(pid),
        cpuMs: cpu - (this.cpuAtPhaseStart.get(name) ?? 0),
      });
      this.cpuAtPhaseStart.set(name, cpu);
      if (!this.probe.resetPeak(pid)) this.resettable = false;
    }
    this.recorded.push(...ended);
    return ended;
  }

  /** The process's highest phase peak so far (NaN before any phase ended). */
  peakOf(process: string): number {
    const peaks = this.recorded.filter((figures) => figures.process === process);
    return peaks.length === 0 ? NaN : Math.max(...peaks.map((figures) => figures.peakRssMb));
  }
}
