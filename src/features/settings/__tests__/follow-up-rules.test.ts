import { describe, expect, it } from 'vitest';
import { checkResultMessage, dueQuestion, hoursHint, parseHours, validateFollowUp } from '../follow-up-rules';

const ok = { enabled: true, hoursUntilFollowUp: 24, followUpMessage: 'Still interested?' };

describe('follow-up validation', () => {
  it.each([0, 169, -5])('rejects %d hours', (hours) => {
    expect(validateFollowUp({ ...ok, hoursUntilFollowUp: hours })).toEqual({
      title: 'Invalid hours',
      description: 'Hours must be between 1 and 168 (7 days)',
    });
  });
  it.each([1, 168])('accepts %d hours', (hours) => {
    expect(validateFollowUp({ ...ok, hoursUntilFollowUp: hours })).toBeUndefined();
  });
  it.each(['', '   \n'])('rejects a blank message %j', (followUpMessage) => {
    expect(validateFollowUp({ ...ok, followUpMessage })).toEqual({
      title: 'Invalid message',
      description: 'Follow-up message cannot be empty',
    });
  });
  it('a non-numeric hours entry falls back to 1', () => {
    expect(parseHours('')).toBe(1);
    expect(parseHours('abc')).toBe(1);
    expect(parseHours('48')).toBe(48);
  });
  it('hints hours and approximate days', () => {
    expect(hoursHint(48)).toBe('48 hours (≈ 2 days)');
    expect(hoursHint(1)).toBe('1 hour (≈ 0 days)');
    expect(hoursHint(36)).toBe('36 hours (≈ 1.5 days)');
  });
  it('check result uses the server message, else the count', () => {
    expect(checkResultMessage({ message: 'Done', count: 2 })).toBe('Done');
    expect(checkResultMessage({ message: '', count: 3 })).toBe('Sent 3 follow-up message(s)');
  });
});

describe("Test Now's question", () => {
  it('names the count from the dry run, singular for one, and every customer due without it', () => {
    expect(dueQuestion(23)).toBe('Send the follow-up message now to 23 customers?');
    expect(dueQuestion(1)).toBe('Send the follow-up message now to 1 customer?');
    expect(dueQuestion(null)).toBe('Send the follow-up message now to every customer due a follow-up?');
  });
});
