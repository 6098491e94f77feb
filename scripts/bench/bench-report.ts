/** bench/results: latest.json and latest.md, and the README's copy of the table. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { BenchRun } from './run-bench-file';

export interface MachineFacts {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly os: string;
  readonly node: string;
}

export interface BenchReport {
  readonly ranAt: string;
  readonly commit: string | null;
  readonly filter: string | null;
  readonly machine: MachineFacts;
  readonly runs: readonly BenchRun[];
}

export function machineFacts(): MachineFacts {
  const processors = cpus();
  return {
    cpu: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `${process.platform} ${release()}`,
    node: process.version,
  };
}

export function currentCommit(root: string): string | null {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function formatValue(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 1 ? 2 : 4;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function markdownTable(report: BenchReport): string {
  const { machine } = report;
  const lines = [
    `Ran ${report.ranAt}${report.commit ? ` at ${report.commit}` : ''} on ${machine.cpu}, ${machine.cores} cores, ` +
      `${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}.`,
    '',
    '| Benchmark | Figure | Value | Unit | Target | Detail |',
    '| --- | --- | ---: | --- | --- | --- |',
  ];
  for (const run of report.runs) {
    const name = run.file.replace(/\.bench\.ts$/, '');
    const status = run.exitCode === 0 ? '' : ` (failed: exit ${run.exitCode})`;
    const memory = run.peakRssMb === null ? '' : `, peak RSS ${run.peakRssMb} MB`;
    if (run.figures.length === 0)
      lines.push(
        `| ${cell(name)}${status} | (no figures printed) | | | | ${(run.durationMs / 1000).toFixed(1)} s${memory} |`,
      );
    run.figures.forEach((figure, index) => {
      const where = index === 0 ? `${cell(name)}${status}` : '';
      lines.push(
        `| ${where} | ${cell(figure.metric)} | ${formatValue(figure.value)} | ${cell(figure.unit)} | ` +
          `${cell(figure.target ?? '')} | ${cell(figure.detail ?? '')} |`,
      );
    });
    if (run.figures.length > 0 && run.peakRssMb !== null)
      lines.push(`|  | process peak RSS | ${formatValue(run.peakRssMb)} | MB | | whole benchmark process |`);
  }
  return `${lines.join('\n')}\n`;
}

const README_START = '<!-- bench-table:start -->';
const README_END = '<!-- bench-table:end -->';

/** Markdown as the repository's Prettier settings write it, so `format:check` stays clean. */
async function prettyMarkdown(text: string, path: string): Promise<string> {
  // Loaded here, not at the top: only a real run formats, and Jest cannot load Prettier 3.
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, parser: 'markdown' });
}

/** Replaces the README's table between its markers; false when the markers are missing. */
export async function updateReadmeTable(readmePath: string, table: string): Promise<boolean> {
  if (!existsSync(readmePath)) return false;
  const text = readFileSync(readmePath, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return false;
  const updated = `${text.slice(0, start + README_START.length)}\n${table}${text.slice(end)}`;
  writeFileSync(readmePath, await prettyMarkdown(updated, readmePath));
  return true;
}

/** Writes <name>.json and <name>.md under bench/results; returns their paths. */
export async function writeReport(
  root: string,
  name: string,
  report: BenchReport,
): Promise<{ json: string; markdown: string }> {
  const folder = join(root, 'bench', 'results');
  mkdirSync(folder, { recursive: true });
  const json = join(folder, `${name}.json`);
  const markdown = join(folder, `${name}.md`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(markdown, await prettyMarkdown(markdownTable(report), markdown));
  return { json, markdown };
}
