import { budget, describe as describeSummary, summarize, verdictTable } from '../stats';

describe('bench figures', () => {
  it('summarizes samples as median, p95 and range, ignoring runs that produced no figure', () => {
    const summary = summarize([5, 1, 4, 2, 3, NaN]);
    expect(summary).toEqual({ median: 3, p95: 5, min: 1, max: 5, n: 5 });
    expect(summarize([1, 2, 3, 4]).median).toBe(2.5);
    expect(describeSummary(summary)).toBe('median 3.0 ms (1.0 ms–5.0 ms, n=5)');
  });

  it('says PASS within a budget and OVER beyond it or without a figure, and lists every verdict', () => {
    const ms = (v: number) => `${v} ms`;
    expect(budget('toast', 80, 100, ms)).toContain('→ PASS');
    expect(budget('open', 501, 500, ms)).toContain('→ OVER');
    expect(budget('heap', NaN, 1.1, ms)).toContain('→ OVER');
    expect(verdictTable()).toMatch(/PASS {2}toast +80 ms \(budget ≤ 100 ms\)\n {2}OVER {2}open/);
  });
});
