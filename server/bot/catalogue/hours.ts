// Business hours (Settings → Chatbot): is the business open at a moment?
// The day and time are read in the business's IANA time zone with Intl, so
// daylight saving and the server's own zone do not matter.
import type { BotSettings } from '../interface';

type Hours = BotSettings['businessHours'];

type Day = Hours['days'][number]['day'];
const WEEKDAY: Record<string, Day> = {
  Mon: 'monday',
  Tue: 'tuesday',
  Wed: 'wednesday',
  Thu: 'thursday',
  Fri: 'friday',
  Sat: 'saturday',
  Sun: 'sunday',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** The weekday and "HH:MM" at `at` in `timeZone`. */
export function localTime(timeZone: string, at: Date): { day: Day; time: string } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: WEEKDAY[parts.weekday!]!, time: `${parts.hour}:${parts.minute}` };
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day at `at` in `timeZone`, YYYY-MM-DD (an unknown zone: in
 * Africa/Nairobi, the business's default).
 */
export function localDate(timeZone: string, at: Date): string {
  let f = dateFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return localDate('Africa/Nairobi', at);
    }
    dateFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Open when business hours are off, or when `at` falls on an open day from
 * its opening time (included) to its closing time (excluded). An unknown
 * time zone (the server refuses one at save) counts as always open, so that
 * customers still get answers.
 */
export function isOpen(hours: Hours, at: Date): boolean {
  if (!hours.enabled) return true;
  let local: ReturnType<typeof localTime>;
  try {
    local = localTime(hours.timezone, at);
  } catch {
    return true;
  }
  const today = hours.days.find((d) => d.day === local.day);
  if (!today || !today.open) return false;
  // "HH:MM" strings compare in time order.
  return local.time >= today.from && local.time < today.to;
}

const WEEK: Day[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A stretch of consecutive days with the same hours. */
export type OpeningSpan = { first: Day; last: Day; open: boolean; from: string; to: string };

/**
 * The week's hours, Monday first, with consecutive days of the same hours
 * together ("Monday to Friday 08:00–17:00"). A day missing from the
 * settings counts as closed.
 */
export function openingSpans(hours: Hours): OpeningSpan[] {
  const spans: OpeningSpan[] = [];
  for (const day of WEEK) {
    const d = hours.days.find((x) => x.day === day);
    const open = d?.open === true;
    const from = open ? d!.from : '';
    const to = open ? d!.to : '';
    const last = spans.at(-1);
    if (last && last.open === open && last.from === from && last.to === to) last.last = day;
    else spans.push({ first: day, last: day, open, from, to });
  }
  return spans;
}

/** Where the business is now: open until a time, or closed until a day (0 today, 1 tomorrow…) and time. */
export type OpenNow = { open: true; until: string } | { open: false; inDays: number; day: Day; at: string } | null;

/**
 * Whether the business is open at `at`, and until when or from when. Null
 * when business hours are off, no day is open, or the time zone is unknown.
 */
export function openNow(hours: Hours, at: Date): OpenNow {
  if (!hours.enabled) return null;
  let local: ReturnType<typeof localTime>;
  try {
    local = localTime(hours.timezone, at);
  } catch {
    return null;
  }
  const dayOf = (day: Day) => hours.days.find((d) => d.day === day && d.open);
  const today = dayOf(local.day);
  if (today && local.time >= today.from && local.time < today.to) return { open: true, until: today.to };
  if (today && local.time < today.from) return { open: false, inDays: 0, day: local.day, at: today.from };
  const index = WEEK.indexOf(local.day);
  for (let inDays = 1; inDays <= 7; inDays++) {
    const day = WEEK[(index + inDays) % 7]!;
    const next = dayOf(day);
    if (next) return { open: false, inDays, day, at: next.from };
  }
  return null;
}
