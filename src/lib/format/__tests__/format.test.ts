import { describe, expect, it } from 'vitest';
import { formatAmount, formatKES, formatPriceRange } from '../money';
import { formatResponseTime, formatTimeLeft, formatWaited } from '../duration';
import { isoDay } from '../date';

describe('money', () => {
  it('formats KES with separators and at most two decimals', () => {
    expect(formatKES(8500)).toBe('KES 8,500');
    expect(formatKES(24500.5)).toBe('KES 24,500.5');
    expect(formatAmount(1234567.891)).toBe('1,234,567.89');
  });
  it("reads a range as 'start - end KES'", () => {
    expect(formatPriceRange(8500, 12000)).toBe('8,500 - 12,000 KES');
  });
});

describe('response time', () => {
  it('switches units at 60 s and 3600 s', () => {
    expect(formatResponseTime(42)).toBe('42s');
    expect(formatResponseTime(59.4)).toBe('59s');
    expect(formatResponseTime(60)).toBe('1m');
    expect(formatResponseTime(754)).toBe('13m');
    expect(formatResponseTime(3599)).toBe('60m');
    expect(formatResponseTime(3600)).toBe('1h');
    expect(formatResponseTime(9000)).toBe('3h');
  });
});

describe('isoDay', () => {
  it('uses the local calendar day', () => {
    expect(isoDay(new Date(2026, 10, 2, 23, 59))).toBe('2026-11-02');
  });
});

describe('formatTimeLeft', () => {
  it('rounds down to whole minutes at the 60 s and 3600 s edges', () => {
    expect(formatTimeLeft(59_999)).toBe('0m');
    expect(formatTimeLeft(60_000)).toBe('1m');
    expect(formatTimeLeft(3_599_999)).toBe('59m');
    expect(formatTimeLeft(3_600_000)).toBe('1h 0m');
    expect(formatTimeLeft((23 * 60 + 59) * 60_000 + 59_999)).toBe('23h 59m');
  });

  it('never goes below zero', () => {
    expect(formatTimeLeft(-5_000)).toBe('0m');
  });
});

describe('time waited', () => {
  it('reads under a minute, whole minutes, whole hours under a day, then whole days, rounded down', () => {
    expect(formatWaited(-5_000)).toBe('under 1 min');
    expect(formatWaited(59_999)).toBe('under 1 min');
    expect(formatWaited(25 * 60_000)).toBe('25 min');
    expect(formatWaited(2.5 * 3_600_000)).toBe('2 h');
    expect(formatWaited(23.9 * 3_600_000)).toBe('23 h');
    expect(formatWaited(3.2 * 86_400_000)).toBe('3 d');
  });
});
