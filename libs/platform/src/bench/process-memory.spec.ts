import { statCpuMs, statusMemoryMb } from './process-memory';

describe('process memory and CPU as /proc reports them', () => {
  const status = ['Name:\tnode', 'VmPeak:\t 1200000 kB', 'VmHWM:\t  262144 kB', 'VmRSS:\t  131072 kB'].join(
    '\n',
  );

  it('reads the peak (VmHWM) and the resident memory (VmRSS) of a status text in MB', () => {
    expect(statusMemoryMb(status, 'VmHWM')).toBe(256);
    expect(statusMemoryMb(status, 'VmRSS')).toBe(128);
  });

  it('gives NaN for a field the status does not hold (a kernel thread has no VmRSS)', () => {
    expect(statusMemoryMb('Name:\tkthreadd\n', 'VmRSS')).toBeNaN();
  });

  it('adds user and system ticks of a stat text, counting fields after a command name with spaces', () => {
    const stat = '4242 (node main (x)) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 30 0 0 20 0 11 0';
    expect(statCpuMs(stat)).toBe(2_800);
  });
});
