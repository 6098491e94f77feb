import { benchResultLine, parseBenchOutput } from './bench-result';

describe('bench result convention', () => {
  it('reads BENCH_RESULT lines, single figures and arrays, ignoring other output', () => {
    const output = [
      'warming up...',
      'spot limit orders: 999 orders/s',
      benchResultLine({ metric: 'order by id p99', value: 4.25, unit: 'ms', target: '<= 20 ms' }),
      benchResultLine([
        { metric: 'fold throughput', value: 120000, unit: 'events/s' },
        { metric: 'fold / COPY', value: 0.8, unit: 'x' },
      ]),
    ].join('\n');
    expect(parseBenchOutput(output)).toEqual({
      source: 'BENCH_RESULT',
      malformed: [],
      figures: [
        { metric: 'order by id p99', value: 4.25, unit: 'ms', target: '<= 20 ms' },
        { metric: 'fold throughput', value: 120000, unit: 'events/s' },
        { metric: 'fold / COPY', value: 0.8, unit: 'x' },
      ],
    });
  });

  it('names a BENCH_RESULT line that is not a figure instead of dropping it silently', () => {
    const parsed = parseBenchOutput(
      'BENCH_RESULT {"metric":"x","value":"fast","unit":"ms"}\nBENCH_RESULT {oops',
    );
    expect(parsed.figures).toEqual([]);
    expect(parsed.malformed).toHaveLength(2);
  });

  it('falls back to printed "label: value unit" lines for a benchmark without the convention', () => {
    const output = [
      'Postgres: embedded PostgreSQL 15 (fsync off)',
      'spot limit orders:    12,345 orders/s (1000 orders, 12 matches)',
      'appendToStreams, 50 streams x 10 events per transaction    17,123 events/s  0.45x COPY',
      'sequential place+cancel: 155 round trips/s (6.46 ms each)',
      'state hash: 2000 order states in 340 ms = 5875 hashes/s',
      'futures position P&L over 2000 fills: 202 ms per report',
    ].join('\n');
    expect(parseBenchOutput(output)).toEqual({
      source: 'printed-lines',
      malformed: [],
      figures: [
        { metric: 'spot limit orders', value: 12345, unit: 'orders/s', detail: '(1000 orders, 12 matches)' },
        {
          metric: 'appendToStreams, 50 streams x 10 events per transaction',
          value: 17123,
          unit: 'events/s',
          detail: '0.45x COPY',
        },
        { metric: 'sequential place+cancel', value: 155, unit: 'round trips/s', detail: '(6.46 ms each)' },
        { metric: 'state hash', value: 5875, unit: 'hashes/s', detail: '2000 order states in 340 ms =' },
        { metric: 'futures position P&L over 2000 fills', value: 202, unit: 'ms', detail: 'per report' },
      ],
    });
  });
});
