import { formatBytes } from '../bytes';

describe('formatBytes', () => {
  it('says bytes under a kilobyte', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
  });

  it('rounds kilobytes and megabytes, with one decimal under 10', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(245_760)).toBe('240 KB');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(2 * 1024 * 1024 * 1024)).toBe('2 GB');
  });

  it('moves to the next unit rather than showing 1024 of one', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1024 * 1024 * 1024 - 1)).toBe('1 GB');
  });

  it('shows nothing for a size that is not one', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});
