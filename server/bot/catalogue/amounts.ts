// KES amounts in a message: "9,000", "9000", "9k", "9.5k", "ksh 9000",
// "kes9,000", "9 thao", "elfu tisa", "elfu tisa na mia tano", "elfu kumi na
// mbili", "ngiri tisa", "nine thousand". A dimension ("3000 x 1800",
// "300mm", "3m") or a count ("2 slabs", "vipande 3") is never an amount, and
// neither is a bare number under 100 or a phone number.
//
// Reads the words of normalise() (text.ts): commas already gone from numbers.

const SW_UNITS: Record<string, number> = {
  moja: 1,
  mbili: 2,
  tatu: 3,
  nne: 4,
  tano: 5,
  sita: 6,
  saba: 7,
  nane: 8,
  tisa: 9,
};
const SW_TENS: Record<string, number> = {
  kumi: 10,
  ishirini: 20,
  thelathini: 30,
  arobaini: 40,
  hamsini: 50,
  sitini: 60,
  sabini: 70,
  themanini: 80,
  tisini: 90,
};
const EN_SMALL: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const EN_TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** Words after a number that make it a thousand times bigger. */
const THOUSANDS = new Set(['k', 'thao', 'thau', 'thausand', 'thousand', 'thousands', 'elfu', 'ngiri', 'grand', 'kei']);
/** Words next to a number that mark it as money. */
const CURRENCY = new Set(['ksh', 'kshs', 'kes', 'sh', 'shs', 'shillings', 'shilingi', 'bob', 'pesa']);
/** Words after a number that make it a size. */
const UNITS = new Set([
  'x',
  'by',
  'mm',
  'cm',
  'm',
  'metre',
  'metres',
  'meter',
  'meters',
  'mita',
  'ft',
  'feet',
  'foot',
  'inch',
  'inches',
  'sqm',
  'sq',
  'm2',
  'millimetres',
  'millimeters',
  'centimetres',
  'centimeters',
  'thick',
  'long',
  'wide',
]);
/** Words next to a number that make it a count, a share or a time. */
const COUNTED = new Set([
  'slab',
  'slabs',
  'slabu',
  'piece',
  'pieces',
  'pcs',
  'pc',
  'sink',
  'sinks',
  'sinki',
  'unit',
  'units',
  'vipande',
  'kipande',
  'bowl',
  'bowls',
  'bakuli',
  'percent',
  'pct',
  'per',
  'days',
  'day',
  'siku',
  'weeks',
  'week',
  'wiki',
  'months',
  'month',
  'miezi',
  'years',
  'hours',
  'hrs',
  'saa',
  'minutes',
  'mins',
  'am',
  'pm',
  'people',
  'kitchens',
  'rooms',
  'tops',
  'tiles',
]);
const COUNTED_BEFORE = new Set([
  'vipande',
  'slabs',
  'saa',
  'siku',
  'number',
  'namba',
  'no',
  'x',
  'by',
  'size',
  'sizes',
]);

type Parsed = { value: number; next: number };

/** A Swahili number 1–99 at words[i]: "tisa", "kumi na mbili", "ishirini na tano". */
function swNumber(words: string[], i: number): Parsed | null {
  const word = words[i];
  if (word === undefined) return null;
  if (SW_UNITS[word] !== undefined) return { value: SW_UNITS[word], next: i + 1 };
  const tens = SW_TENS[word];
  if (tens === undefined) return null;
  // "kumi na mbili" = 12, but "elfu kumi na mia tano" = 10,500: "na mia" belongs to the hundreds.
  const unit = words[i + 1] === 'na' ? SW_UNITS[words[i + 2] ?? ''] : undefined;
  return unit !== undefined ? { value: tens + unit, next: i + 3 } : { value: tens, next: i + 1 };
}

/** An English number 1–99 at words[i]: "nine", "twelve", "twenty five". */
function enNumber(words: string[], i: number): Parsed | null {
  const word = words[i] ?? '';
  if (EN_SMALL[word] !== undefined) return { value: EN_SMALL[word], next: i + 1 };
  const tens = EN_TENS[word];
  if (tens === undefined) return null;
  const unit = EN_SMALL[words[i + 1] ?? ''];
  return unit !== undefined && unit < 10 ? { value: tens + unit, next: i + 2 } : { value: tens, next: i + 1 };
}

const digits = (word: string | undefined): number | null =>
  word !== undefined && /^\d+(\.\d+)?$/.test(word) ? Number(word) : null;

/** A number 1–99 in digits or words. */
const smallNumber = (words: string[], i: number): Parsed | null => {
  const n = digits(words[i]);
  if (n !== null) return { value: n, next: i + 1 };
  return swNumber(words, i) ?? enNumber(words, i);
};

/** "na mia tano" / "and five hundred" / "500" after a number of thousands: the hundreds. */
function hundredsAfter(words: string[], i: number): Parsed | null {
  let j = i;
  if (words[j] === 'na' || words[j] === 'and') j++;
  if (words[j] === 'mia') {
    const n = swNumber(words, j + 1);
    if (n && n.value < 10) return { value: n.value * 100, next: n.next };
    return null;
  }
  const n = enNumber(words, j);
  if (n && n.value < 10 && (words[n.next] === 'hundred' || words[n.next] === 'hundreds'))
    return { value: n.value * 100, next: n.next + 1 };
  return null;
}

/** The KES amounts the words name, in order. */
export function findAmounts(words: string[]): number[] {
  const amounts: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const before = words[i - 1];
    // "elfu tisa", "ngiri 9", "thao tisa": the thousands word first.
    if (word === 'elfu' || word === 'ngiri' || word === 'thao') {
      const n = smallNumber(words, i + 1);
      if (n && n.value >= 1) {
        const hundreds = hundredsAfter(words, n.next);
        amounts.push(n.value * 1000 + (hundreds?.value ?? 0));
        i = (hundreds?.next ?? n.next) - 1;
      }
      continue;
    }
    // "9k", "9.5k", "9thao": digits with the thousands glued on.
    const glued = /^(\d+(?:\.\d+)?)(k|thao|elfu|ngiri)$/.exec(word);
    if (glued) {
      amounts.push(Math.round(Number(glued[1]) * 1000));
      continue;
    }
    // "9000bob", "9000ksh".
    const money = /^(\d+(?:\.\d+)?)(bob|ksh|kshs|kes|sh|shs)$/.exec(word);
    if (money) {
      amounts.push(Number(money[1]));
      continue;
    }
    // "nine thousand five hundred", "tisa thao", "9 thousand".
    const n =
      digits(word) !== null ? { value: digits(word)!, next: i + 1 } : (swNumber(words, i) ?? enNumber(words, i));
    if (!n) continue;
    const after = words[n.next];
    if (after !== undefined && THOUSANDS.has(after) && n.value < 1000) {
      const hundreds = hundredsAfter(words, n.next + 1);
      amounts.push(Math.round(n.value * 1000) + (hundreds?.value ?? 0));
      i = (hundreds?.next ?? n.next + 1) - 1;
      continue;
    }
    if (digits(word) === null) continue; // a number word alone ("tano", "two") is a count
    const value = n.value;
    const marked = (before !== undefined && CURRENCY.has(before)) || (after !== undefined && CURRENCY.has(after));
    if (after !== undefined && (UNITS.has(after) || COUNTED.has(after))) continue;
    if (before !== undefined && COUNTED_BEFORE.has(before)) continue;
    if (/^0\d{8,}$/.test(word) || word.length >= 9) continue; // a phone number
    if (value < 100 && !marked) continue;
    if (value <= 0 || value > 100_000_000) continue;
    amounts.push(value);
  }
  return amounts;
}
