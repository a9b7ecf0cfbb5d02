// Figures over several runs: median and spread, and a budget verdict.
export type Summary = { median: number; p95: number; min: number; max: number; n: number };

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, p95: NaN, min: NaN, max: NaN, n: 0 };
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, p95: at(0.95), min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/**
 * p50, p95 and p99 of every sample (nearest rank: the smallest sample with at
 * least that share of the samples at or below it); NaN without samples.
 */
export function percentiles(samples: readonly number[]): { p50: number; p95: number; p99: number; n: number } {
  const sorted = samples.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: sorted.length };
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "median 12 ms (8–15 ms, n=5)" */
export function describe(summary: Summary, unit: (value: number) => string = ms, withP95 = false): string {
  const p95 = withP95 ? `, p95 ${unit(summary.p95)}` : '';
  return `median ${unit(summary.median)}${p95} (${unit(summary.min)}–${unit(summary.max)}, n=${summary.n})`;
}

/** informational: printed with its verdict, but not one of the budgets a run is judged by. */
export type Verdict = { figure: string; budget: string; value: string; pass: boolean; informational?: boolean };

const verdicts: Verdict[] = [];

/**
 * Records a budget line for the closing table and returns it for printing now.
 * An informational budget (a set-up the budgets are not meant for) is shown
 * the same way, marked, and left out of budgetTally.
 */
export function budget(
  figure: string,
  value: number,
  limit: number,
  unit: (value: number) => string,
  shown = unit(value),
  informational = false,
): string {
  const pass = Number.isFinite(value) && value <= limit;
  verdicts.push({
    figure,
    budget: `≤ ${unit(limit)}`,
    value: shown,
    pass,
    ...(informational ? { informational } : {}),
  });
  return `   budget ${figure}: ${shown} ≤ ${unit(limit)} → ${pass ? 'PASS' : 'OVER'}${informational ? ' (informational)' : ''}`;
}

export function verdictTable(): string {
  const width = Math.max(...verdicts.map((v) => v.figure.length));
  const lines = verdicts.map(
    (v) =>
      `  ${v.pass ? 'PASS' : 'OVER'}  ${v.figure.padEnd(width)}  ${v.value} (budget ${v.budget})${v.informational ? ' informational' : ''}`,
  );
  return ['Budgets:', ...lines].join('\n');
}

/** The budgets a run is judged by (informational ones left out): how many were met and missed. */
export function budgetTally(): { met: number; missed: number; informational: number } {
  const judged = verdicts.filter((v) => !v.informational);
  const met = judged.filter((v) => v.pass).length;
  return { met, missed: judged.length - met, informational: verdicts.length - judged.length };
}

const geometricMean = (values: number[]) => Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

/**
 * How much dearer each call is than committed, relative to the basket of
 * calls both runs measured (1 = the same share of the basket as committed).
 */
export const basketDrift = (ratios: Record<string, number>, committed: Record<string, number>) => {
  const common = Object.keys(ratios).filter((title) => committed[title] !== undefined);
  if (common.length === 0) return {};
  const basketNow = geometricMean(common.map((title) => ratios[title]));
  const basketThen = geometricMean(common.map((title) => committed[title]));
  return Object.fromEntries(
    common.map((title) => [title, ratios[title] / basketNow / (committed[title] / basketThen)]),
  );
};
