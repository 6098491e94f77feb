/**
 * How a benchmark reports its figures to `npm run bench`: one line per figure,
 *   BENCH_RESULT {"metric":"order by id p99","value":4.2,"unit":"ms","target":"<= 20 ms"}
 * (or one line holding an array of such objects). The runner collects these lines into
 * bench/results/latest.json and the Markdown table beside it. A benchmark that prints
 * no such line is still reported, from its printed "label: 123 unit" lines.
 */
export const BENCH_RESULT_PREFIX = 'BENCH_RESULT ';

export interface BenchFigure {
  /** What was measured, e.g. "fold throughput" or "desk order by id p99". */
  readonly metric: string;
  readonly value: number;
  /** e.g. "events/s", "ms", "MB". */
  readonly unit: string;
  /** The goal the figure is held to, e.g. "<= 20 ms", when there is one. */
  readonly target?: string;
  /** Conditions of the measure, e.g. "1,000,000 orders, 3,000,000 fills". */
  readonly detail?: string;
}

/** The line to print for `figures` (write it to stdout, one per run of the figure). */
export function benchResultLine(figures: BenchFigure | readonly BenchFigure[]): string {
  return `${BENCH_RESULT_PREFIX}${JSON.stringify(figures)}`;
}

/** Prints figures in the runner's convention. */
export function printBenchResult(figures: BenchFigure | readonly BenchFigure[]): void {
  process.stdout.write(`${benchResultLine(figures)}\n`);
}

function isFigure(value: unknown): value is BenchFigure {
  const figure = value as Partial<BenchFigure> | null;
  return (
    typeof figure === 'object' &&
    figure !== null &&
    typeof figure.metric === 'string' &&
    typeof figure.value === 'number' &&
    Number.isFinite(figure.value) &&
    typeof figure.unit === 'string'
  );
}

// A printed figure: a number and its unit, rates ("orders/s", "round trips/s") first,
// then times and sizes. The label is the text before the line's first colon, else
// before the number.
const PRINTED_RATE = /(\d[\d,]*(?:\.\d+)?)\s*((?:[A-Za-z%µ]+ )?[A-Za-z%µ]+\/s)(?=[\s,;)]|$)/;
const PRINTED_AMOUNT = /(\d[\d,]*(?:\.\d+)?)\s*(ms|µs|us|ns|s|MB|GB|KB|x|%)(?=[\s,;)]|$)/;

function printedFigure(line: string): BenchFigure | undefined {
  const match = PRINTED_RATE.exec(line) ?? PRINTED_AMOUNT.exec(line);
  if (!match || !/^\s*[A-Za-z]/.test(line)) return undefined;
  const before = line.slice(0, match.index);
  const colon = before.indexOf(':');
  const metric = (colon >= 0 ? before.slice(0, colon) : before).trim().replace(/[,=]$/, '').trim();
  if (!metric) return undefined;
  const between = colon >= 0 ? before.slice(colon + 1).trim() : '';
  const after = line.slice(match.index + match[0].length).trim();
  const detail = [between, after].filter(Boolean).join(' ');
  return {
    metric,
    value: Number(match[1].replace(/,/g, '')),
    unit: match[2],
    ...(detail ? { detail } : {}),
  };
}

export interface ParsedBenchOutput {
  readonly figures: BenchFigure[];
  /** 'BENCH_RESULT' when the benchmark followed the convention, else 'printed-lines'. */
  readonly source: 'BENCH_RESULT' | 'printed-lines';
  /** BENCH_RESULT lines that were not valid figures. */
  readonly malformed: string[];
}

/** The figures of one benchmark's stdout. */
export function parseBenchOutput(output: string): ParsedBenchOutput {
  const lines = output.split(/\r?\n/);
  const figures: BenchFigure[] = [];
  const malformed: string[] = [];
  for (const line of lines) {
    if (!line.startsWith(BENCH_RESULT_PREFIX)) continue;
    try {
      const parsed = JSON.parse(line.slice(BENCH_RESULT_PREFIX.length)) as unknown;
      const candidates: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
      for (const candidate of candidates)
        if (isFigure(candidate)) figures.push(candidate);
        else malformed.push(line);
    } catch {
      malformed.push(line);
    }
  }
  if (figures.length > 0 || malformed.length > 0) return { figures, source: 'BENCH_RESULT', malformed };
  for (const line of lines) {
    const figure = printedFigure(line);
    if (figure) figures.push(figure);
  }
  return { figures, source: 'printed-lines', malformed };
}
