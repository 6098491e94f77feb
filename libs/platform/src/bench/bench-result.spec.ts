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
      'append, 100 streams x 10 events        98,765 events/s    0.81x COPY  (1000 events, 0.01 s)',
    ].join('\n');
    expect(parseBenchOutput(output)).toEqual({
      source: 'printed-lines',
      malformed: [],
      figures: [
        { metric: 'spot limit orders', value: 12345, unit: 'orders/s', detail: '(1000 orders, 12 matches)' },
        {
          metric: 'append, 100 streams x 10 events',
          value: 98765,
          unit: 'events/s',
          detail: '0.81x COPY  (1000 events, 0.01 s)',
        },
      ],
    });
  });
});
