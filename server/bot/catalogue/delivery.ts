// What a customer says about delivery after agreeing a deal: how many
// ("3 slabs", "nataka 3", "slab 2", "2 pcs") and whether they will collect
// ("pickup", "nitapick", "nitakuja kuchukua"). The town itself is found by
// the host's delivery zones (tools.delivery.zoneFor), never here.
import { normalise } from './text';

const UNITS = 'slabs?|pcs|pc|pieces?|sinks?|sinki|masinki|vipande|kipande|units?|nos?';
const NUMBER_WORDS: Record<string, number> = {
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
  moja: 1,
  mbili: 2,
  tatu: 3,
  nne: 4,
  tano: 5,
  sita: 6,
  saba: 7,
  nane: 8,
  tisa: 9,
  kumi: 10,
};
const COUNT = `\\d{1,4}|${Object.keys(NUMBER_WORDS).join('|')}`;

/** "3 slabs", "three sinks", "slab 3", "vipande 2", "nataka 3", "I need 4", or a message that starts with a small count ("3, Nakuru"). */
const QUANTITY = [
  new RegExp(`\\b(${COUNT}) (?:${UNITS})\\b`),
  new RegExp(`\\b(?:${UNITS}) (${COUNT})\\b`),
  // After a verb, a count has at most three digits ("nipe 9000" offers a price).
  new RegExp(
    `\\b(?:nataka|tunataka|nahitaji|need|want|take|order|nipe|tupe|niletee|mniletee|tuletee|nitachukua|tutachukua|get) (\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})\\b(?! (?:k|kes|ksh|kshs|sh|bob|thao|elfu)\\b)`,
  ),
];
/** Words after a number that make it a price or a size, not a count. */
const NOT_A_COUNT = new Set(['x', 'k', 'kes', 'ksh', 'kshs', 'sh', 'bob', 'thao', 'elfu', 'mm', 'cm', 'm', 'by']);

/** How many the customer says they want, or null. */
export function quantityIn(text: string): number | null {
  const normal = normalise(text);
  let found: string | undefined;
  for (const pattern of QUANTITY) {
    found = pattern.exec(normal)?.[1];
    if (found) break;
  }
  if (!found) {
    const [first, next] = normal.split(' ');
    const numbers = normal.match(/\d+(\.\d+)?/g) ?? [];
    if (first && /^\d{1,3}$/.test(first) && numbers.length === 1 && !NOT_A_COUNT.has(next ?? '')) found = first;
  }
  if (!found) return null;
  const count = NUMBER_WORDS[found] ?? Number(found);
  return Number.isInteger(count) && count >= 1 && count <= 10000 ? count : null;
}

const PICKUP =
  /\b(pick ?up|pick (it|them) up|pick (it |them )?myself|(ni|tu|n|ta|nita|tuta|nta|ku)+pick|collect|self collection|(nita|tuta|n|ni|tu)?kuja kuchukua|kuchukua (mwenyewe|wenyewe)|nitachukua mwenyewe|tutachukua wenyewe|nitakam kuchukua|nitakuja pick)\b/;

/** Whether the customer says they will collect the order themselves. */
export const saysPickup = (text: string) => PICKUP.test(normalise(text));
