/** The summary table a fault-suite run prints. */
import { textTable } from '../demo/text-table';
import { ChaosStats } from './chaos-stats';

function listed(counts: ReadonlyMap<string, number>): string {
  return counts.size ? ` (${[...counts].map(([what, n]) => `${what} ${n}`).join(', ')})` : '';
}

function percentile(sorted: readonly number[], share: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

export function chaosSummary(
  seed: number,
  minutes: number,
  stats: ChaosStats,
  openBreaks: number | string,
  checks: ReadonlyArray<readonly [string, string]>,
): string {
  const settled = [...stats.uncertain.values()]
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  const unsettled = stats.uncertain.size - settled.length;
  const rows: Array<[string, string | number]> = [
    ['seed / minutes', `${seed} / ${minutes}`],
    ['desk orders placed', stats.deskPlaced],
    ['desk requests refused (4XX)', `${stats.deskRefused}${listed(stats.refusals)}`],
    [
      'desk placements unanswered (answered on a repeat with the same key)',
      `${stats.deskUnanswered} (${stats.deskRepeatsAnswered})`,
    ],
    [
      'desk cancels accepted / unanswered (answered on a repeat)',
      `${stats.deskCancels} / ${stats.deskCancelsUnanswered} (${stats.deskCancelRepeatsAnswered})`,
    ],
    [
      'external orders (accepted / failed)',
      `${stats.externalPlaced} / ${stats.externalFailed}${listed(stats.externalFailures)}`,
    ],
    ...[...stats.faults].sort().map(([kind, count]): [string, number] => [`fault: ${kind}`, count]),
    ['uncertain desk orders', stats.uncertain.size],
    [
      'time to certainty p50 / p99 / max',
      settled.length
        ? `${percentile(settled, 0.5)} / ${percentile(settled, 0.99)} / ${settled[settled.length - 1]} ms`
        : '-',
    ],
    ['uncertain orders never certain', unsettled],
    ['open reconciliation breaks', openBreaks],
    ...checks.map(([name, result]): [string, string] => [name, result]),
  ];
  return textTable(`Fault suite, seed ${seed}`, ['what', 'value'], rows);
}
