import { describe, expect, it } from 'vitest';
import { CLOSING_MS, replyWindow } from '../reply-window';

const closesAt = '2026-11-26T10:00:00.000Z';
const end = Date.parse(closesAt);

describe('the 24-hour reply window', () => {
  it('is unknown when the backend does not send the field: the composer works as the spec says', () => {
    expect(replyWindow(undefined, end)).toEqual({ state: 'unknown' });
    expect(replyWindow('not a date', end)).toEqual({ state: 'unknown' });
  });

  it('is closed when the customer never wrote (null)', () => {
    expect(replyWindow(null, end)).toEqual({ state: 'closed' });
  });

  it('closes at its very instant: a millisecond before it is open, at it closed', () => {
    expect(replyWindow(closesAt, end - 1)).toEqual({ state: 'open', msLeft: 1, closing: true });
    expect(replyWindow(closesAt, end)).toEqual({ state: 'closed' });
    expect(replyWindow(closesAt, end + 60_000)).toEqual({ state: 'closed' });
  });

  it('is "closing" with two hours left or less, not before', () => {
    expect(replyWindow(closesAt, end - CLOSING_MS)).toMatchObject({ state: 'open', closing: true });
    expect(replyWindow(closesAt, end - CLOSING_MS - 1)).toMatchObject({ state: 'open', closing: false });
    expect(replyWindow(closesAt, end - 24 * 60 * 60 * 1000)).toMatchObject({ state: 'open', closing: false });
  });
});
