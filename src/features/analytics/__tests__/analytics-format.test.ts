import { describe, expect, it } from 'vitest';
import { formatConversionRate, formatTimelineDay } from '../analytics-format';
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
