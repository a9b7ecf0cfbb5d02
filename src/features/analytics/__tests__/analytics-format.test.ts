import { describe, expect, it } from 'vitest';
import { formatConversionRate, formatTimelineDay, productsPeriod } from '../analytics-format';
import { formatResponseTime } from '../../../lib/format/duration';

describe('analytics formatters', () => {
  it.each([
    [59, '59s'],
    [60, '1m'],
    [3599, '60m'],
    [3600, '1h'],
    [9000, '3h'],
  ])('response time %d s → %s', (seconds, shown) => expect(formatResponseTime(seconds)).toBe(shown));
  it('conversion rate has one decimal', () => {
    expect(formatConversionRate(18.35)).toBe('18.4%');
    expect(formatConversionRate(0)).toBe('0.0%');
  });
  it('timeline day is short month and day', () => {
    expect(formatTimelineDay('2026-11-03')).toBe('Nov 3');
  });
});

describe("the top tables' period", () => {
  it('says the days the backend counted; a backend that ignores days says nothing at 30, and that it did not narrow otherwise', () => {
    expect(productsPeriod({ days: 7 }, 7)).toBe('Last 7 days');
    expect(productsPeriod({}, 30)).toBeUndefined();
    expect(productsPeriod({}, 90)).toBe(
      'Not narrowed to the last 90 days: this server counts these over its own period.',
    );
  });
});
