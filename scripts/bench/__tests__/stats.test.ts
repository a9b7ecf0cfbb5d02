import {
  basketDrift,
  budget,
  budgetTally,
  describe as describeSummary,
  percentiles,
  summarize,
  verdictTable,
} from '../stats';

describe('bench figures', () => {
  it('summarizes samples as median, p95 and range, ignoring runs that produced no figure', () => {
    const summary = summarize([5, 1, 4, 2, 3, NaN]);
    expect(summary).toEqual({ median: 3, p95: 5, min: 1, max: 5, n: 5 });
    expect(summarize([1, 2, 3, 4]).median).toBe(2.5);
    expect(describeSummary(summary)).toBe('median 3.0 ms (1.0 ms–5.0 ms, n=5)');
  });

  it('reads p50, p95 and p99 by nearest rank from every answer time', () => {
    const times = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(percentiles([...times, NaN])).toEqual({ p50: 100, p95: 190, p99: 198, n: 200 });
    expect(percentiles([7])).toEqual({ p50: 7, p95: 7, p99: 7, n: 1 });
    expect(percentiles([]).p95).toBeNaN();
  });

  it('says PASS within a budget and OVER beyond it or without a figure, and lists every verdict', () => {
    const ms = (v: number) => `${v} ms`;
    expect(budget('toast', 80, 100, ms)).toContain('→ PASS');
    expect(budget('open', 501, 500, ms)).toContain('→ OVER');
    expect(budget('heap', NaN, 1.1, ms)).toContain('→ OVER');
    expect(verdictTable()).toMatch(/PASS {2}toast +80 ms \(budget ≤ 100 ms\)\n {2}OVER {2}open/);
    expect(budgetTally()).toEqual({ met: 1, missed: 2, informational: 0 });
  });

  it('shows informational budgets with their verdict but leaves them out of the tally', () => {
    const ms = (v: number) => `${v} ms`;
    expect(budget('PGlite: list p99', 250, 100, ms, undefined, true)).toMatch(/→ OVER \(informational\)$/);
    expect(budget('PGlite: me p99', 5, 100, ms, '5 ms', true)).toMatch(/→ PASS \(informational\)$/);
    expect(verdictTable()).toMatch(/OVER {2}PGlite: list p99 +250 ms \(budget ≤ 100 ms\) informational/);
    expect(budgetTally()).toEqual({ met: 1, missed: 2, informational: 2 });
  });

  it('judges a call against the basket of calls, so one noisy reference call moves nothing', () => {
    const committed = { me: 1, list: 4, search: 8, summary: 2 };
    // The session check itself measured 25 % cheaper: every ratio grew by 4/3, no call got dearer.
    const cheaperReference = { me: 1, list: 16 / 3, search: 32 / 3, summary: 8 / 3 };
    const afterCheaperReference = basketDrift(cheaperReference, committed);
    for (const title of ['list', 'search', 'summary']) expect(afterCheaperReference[title]).toBeLessThan(1.1);
    expect(afterCheaperReference.me).toBeLessThan(1);
    // The search really doubled: it stands out, the others barely move.
    const drifts = basketDrift({ me: 1, list: 4, search: 16, summary: 2 }, committed);
    expect(drifts.search).toBeGreaterThan(1.5);
    expect(drifts.list).toBeLessThan(1);
    // A call with no committed figure has no drift.
    expect(basketDrift({ me: 1, added: 3 }, { me: 1 })).toEqual({ me: 1 });
  });
});
