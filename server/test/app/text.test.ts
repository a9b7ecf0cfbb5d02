// The server's text helpers (server/app/text.ts): clipping counts characters as
// PostgreSQL does and never cuts an emoji in half.
import { describe, expect, it } from 'vitest';
import { clip, oneLine } from '../../app/text';

describe('clip', () => {
  it('keeps text within the limit as it is, and cuts longer text to the limit with …', () => {
    expect(clip('Absolute Black', 14)).toBe('Absolute Black');
    expect(clip('Absolute Black Granite', 10)).toBe('Absolute …');
    expect(Array.from(clip('x'.repeat(500), 200))).toHaveLength(200);
  });

  it('counts an emoji as one character and never cuts one in half', () => {
    // Five emoji are ten UTF-16 units but five characters: within a limit of 5.
    expect(clip('😂😂😂😂😂', 5)).toBe('😂😂😂😂😂');
    const cut = clip('Bei gani? 😂😂😂', 12);
    expect(cut).toBe('Bei gani? 😂…');
    // No lone surrogate: the text survives a round trip through UTF-8.
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
  });
});

describe('oneLine', () => {
  it('puts text on one line with single spaces', () => {
    expect(oneLine('  Do you deliver\n\tto   Thika?  ')).toBe('Do you deliver to Thika?');
  });
});
