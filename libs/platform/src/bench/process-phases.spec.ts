import { ProcessPhases, ProcessProbe } from './process-phases';

describe('process figures phase by phase', () => {
  function fakeProbe(peaks: Record<number, number[]>, cpu: Record<number, number[]>, resets = true) {
    const reads = new Map<number, number>();
    const probe: ProcessProbe = {
      peakRssMb: (pid) => peaks[pid][reads.get(pid) ?? 0],
      cpuMs: (pid) => cpu[pid][reads.get(pid) ?? 0],
      resetPeak: (pid) => {
        reads.set(pid, (reads.get(pid) ?? 0) + 1);
        return resets;
      },
    };
    return probe;
  }

  it('records each process peak per phase and the CPU spent in the phase, not since start', () => {
    const phases = new ProcessPhases(
      new Map([
        ['oms', 1],
        ['venue', 2],
      ]),
      fakeProbe({ 1: [120, 180], 2: [90, 95] }, { 1: [500, 2_000], 2: [100, 400] }),
    );
    phases.endPhase('start');
    phases.endPhase('load');
    expect(phases.phases).toEqual([
      { phase: 'start', process: 'oms', peakRssMb: 120, cpuMs: 500 },
      { phase: 'start', process: 'venue', peakRssMb: 90, cpuMs: 100 },
      { phase: 'load', process: 'oms', peakRssMb: 180, cpuMs: 1_500 },
      { phase: 'load', process: 'venue', peakRssMb: 95, cpuMs: 300 },
    ]);
    expect(phases.peakOf('oms')).toBe(180);
    expect(phases.peakOf('venue')).toBe(95);
    expect(phases.peaksArePerPhase).toBe(true);
  });

  it('says so when the peak could not be reset, as later phases then include earlier peaks', () => {
    const phases = new ProcessPhases(new Map([['oms', 1]]), fakeProbe({ 1: [100] }, { 1: [0] }, false));
    phases.endPhase('start');
    expect(phases.peaksArePerPhase).toBe(false);
  });
});
