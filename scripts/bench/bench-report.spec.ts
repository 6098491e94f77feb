import { BenchReport, markdownTable } from './bench-report';

const report: BenchReport = {
  ranAt: '2026-11-23T06:00:00.000Z',
  commit: 'abc1234',
  filter: null,
  machine: { cpu: 'Test CPU', cores: 2, memoryGb: 8, os: 'linux 6.1', node: 'v20.19.0' },
  runs: [
    {
      file: 'libs/domain/bench/fold.bench.ts',
      exitCode: 0,
      durationMs: 1200,
      peakRssMb: 90.5,
      source: 'BENCH_RESULT',
      malformed: [],
      output: '',
      figures: [
        { metric: 'fold throughput', value: 123456.7, unit: 'events/s' },
        { metric: 'by id p99', value: 4.256, unit: 'ms', target: '<= 20 ms' },
      ],
    },
    {
      file: 'tools/kafka-broker/bench/throughput.bench.ts',
      exitCode: 1,
      durationMs: 3000,
      peakRssMb: null,
      source: 'printed-lines',
      malformed: [],
      output: '',
      figures: [],
    },
  ],
};

describe('benchmark table', () => {
  it('names the machine, every figure with its target, each process peak RSS and each failure', () => {
    const table = markdownTable(report);
    expect(table).toContain('on Test CPU, 2 cores, 8 GB, linux 6.1, Node v20.19.0');
    expect(table).toContain('| libs/domain/bench/fold | fold throughput | 123,457 | events/s |  |  |');
    expect(table).toContain('|  | by id p99 | 4.26 | ms | <= 20 ms |  |');
    expect(table).toContain('|  | process peak RSS | 90.5 | MB | | whole benchmark process |');
    expect(table).toContain(
      '| tools/kafka-broker/bench/throughput (failed: exit 1) | (no figures printed) |',
    );
  });
});
