// Text helpers of the catalogue bot: one normal form for every message
// (lowercase, no accents, no punctuation, "sawaaa" → "sawa", "9,000" →
// "9000", "m-pesa" → "mpesa"), words, and the typo distance used to match
// product words.

/** The message in the form every rule reads: lowercase words separated by single spaces. */
export function normalise(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '') // accents: "café" → "cafe"
      .toLowerCase()
      // A thumbs-up or OK hand says yes.
      .replace(/[👍👌]/gu, ' ok ')
      // Thousands separators: "9,000" and "1,250,000" are one number.
      .replace(/(\d)[,'’](?=\d{3}(?!\d))/g, '$1')
      // Brand spellings with a hyphen are one word.
      .replace(/\bm[\s-]+pesa\b/g, 'mpesa')
      .replace(/\be[\s-]+mail\b/g, 'email')
      // "3000x1800" and "3000*1800": the x is a separator.
      .replace(/(\d)\s*[x×*]\s*(?=\d)/g, '$1 x ')
      // "ksh9000", "kes.9000", "sh9000": the currency is a word of its own.
      .replace(/\b(kshs?|kes|shs?)\.?(?=\d)/g, '$1 ')
      // Everything but letters, digits and a decimal point inside a number is a space.
      .replace(/(\d)\.(?=\d)/g, '$1dot')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .replace(/(\d)dot(?=\d)/g, '$1.')
      // Three or more of one letter are one: "sawaaa" → "sawa", "pleeease" → "please".
      .replace(/(\p{L})\1{2,}/gu, '$1')
      .trim()
      .replace(/\s+/g, ' ')
  );
}

export const words = (normalised: string): string[] => (normalised ? normalised.split(' ') : []);

/** A word with its doubled letters made single ("sawaa" → "sawa"), the second try for a word not known as written. */
export const undoubled = (word: string) => word.replace(/(\p{L})\1+/gu, '$1');

/** Damerau–Levenshtein distance (optimal string alignment), stopping early above `max`; three rows only. */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0); // row i − 2
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j); // row i − 1
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** The typos allowed for a word of the catalogue: none under 4 letters, 1 for 4–6, 2 for 7 and more. */
export const typosAllowed = (word: string) => (word.length < 4 ? 0 : word.length <= 6 ? 1 : 2);

/** Whether `typed` is `known` with at most the typos its length allows. */
export const closeTo = (typed: string, known: string) =>
  typed === known ||
  (typosAllowed(known) > 0 &&
    !/\d/.test(typed) &&
    typed.length >= 3 &&
    typoDistance(typed, known, typosAllowed(known)) <= typosAllowed(known));

/** KES with thousands separators: 8500 → "KES 8,500". */
export const kes = (amount: number) =>
  `KES ${amount.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 })}`;
