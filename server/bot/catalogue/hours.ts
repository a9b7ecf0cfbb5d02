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
