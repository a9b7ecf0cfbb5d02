// The Chatbot section's schema: the contract's body (openapi.yaml →
// updateBotSettingsBody) read from what the inputs hold (numbers as typed,
// times as HH:MM, a product row that may have no product yet), checked with
// messages a person understands, then piped into the contract's own field
// schemas, so a valid form gives exactly what the contract accepts.
import { z } from 'zod';
import type { BotSettings } from '../../api/generated/model/botSettings';
import {
  updateBotSettingsBody,
  updateBotSettingsBodyBargainingLowestPricePercentMax as PERCENT_MAX,
  updateBotSettingsBodyBargainingLowestPricePercentMin as PERCENT_MIN,
  updateBotSettingsBodyBargainingMaxRoundsMax as ROUNDS_MAX,
  updateBotSettingsBodyBargainingMaxRoundsMin as ROUNDS_MIN,
  updateBotSettingsBodyBargainingProductLimitsItemLowestPriceMax as PRICE_MAX,
  updateBotSettingsBodyBargainingProductLimitsMax as LIMITS_MAX,
  // Every time of every day has the contract's one pattern (BotTimeOfDay).
  updateBotSettingsBodyBusinessHoursDays0ItemFromRegExp as TIME_PATTERN,
  updateBotSettingsBodyBusinessHoursTimezoneMax as TIMEZONE_MAX,
  updateBotSettingsBodyGreetingMax as GREETING_MAX,
  updateBotSettingsBodyGreetingSwMax as GREETING_SW_MAX,
  updateBotSettingsBodyOutOfHoursMessageMax as OUT_OF_HOURS_MAX,
  updateBotSettingsBodyOutOfHoursMessageSwMax as OUT_OF_HOURS_SW_MAX,
} from '../../api/generated/zod/bot/bot.zod';
import { formatKES } from '../../lib/format/money';

export { LIMITS_MAX, PERCENT_MAX, PERCENT_MIN, ROUNDS_MAX, ROUNDS_MIN };

const contract = updateBotSettingsBody.shape;
const bargaining = contract.bargaining.shape;
const limit = bargaining.productLimits.element.shape;
const hours = contract.businessHours.shape;

/** The contract's week: Monday to Sunday, each day at its own position. */
type Week = BotSettings['businessHours']['days'];
type Day = Week[number]['day'];

export const DAY_NAMES: Record<Day, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const BOT_MESSAGES = {
  greetingRequired: 'Write the greeting the bot answers with',
  greetingSwRequired: 'Write the greeting the bot answers Swahili with',
  outOfHoursRequired: 'Write the message customers get out of hours',
  outOfHoursSwRequired: 'Write the message customers writing Swahili get out of hours',
  tooLong: (max: number) => `Use at most ${max} characters`,
  rounds: `Rounds of bargaining must be a whole number from ${ROUNDS_MIN} to ${ROUNDS_MAX}`,
  percent: `The lowest price must be a whole number from ${PERCENT_MIN} to ${PERCENT_MAX} (% of the starting price)`,
  tooManyLimits: `At most ${LIMITS_MAX} products can have a lowest price of their own`,
  chooseProduct: 'Choose the product for this row',
  duplicateProduct: 'This product already has a lowest price above: keep one row per product',
  unknownProduct: (id: number) => `Product ${id} is no longer in the catalogue: remove this row`,
  priceFormat: 'Enter an amount in KES of 0 or more with at most two decimals, e.g. 8500 or 8500.50',
  priceTooHigh: `Enter at most ${formatKES(PRICE_MAX)}`,
  timezoneRequired: 'Enter a time zone, e.g. Africa/Nairobi',
  unknownTimezone: (zone: string) => `Unknown time zone: ${zone}`,
  opening: (name: string) => `Enter the opening time on ${name} as HH:MM`,
  closing: (name: string) => `Enter the closing time on ${name} as HH:MM`,
  closesBeforeOpening: (name: string) => `Closing time must be after opening time on ${name}`,
} as const;

/** Whether the browser knows `zone` as a time zone (an IANA name such as Africa/Nairobi). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "8500." or " .5 " → "8500", "0.5": what people type, as the contract's number reads. */
const normalizeAmount = (value: string) => value.trim().replace(/^\./, '0.').replace(/\.$/, '');
const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** Free text the bot sends: not blank, at most `max` characters, sent without surrounding spaces. */
const message = (required: string, max: number, field: z.ZodString) =>
  z.string().trim().min(1, required).max(max, BOT_MESSAGES.tooLong(max)).pipe(field);

/** A whole number from `min` to `max` as typed. */
const wholeNumber = (min: number, max: number, text: string, field: z.ZodNumber) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= min && Number(value) <= max, text)
    .transform(Number)
    .pipe(field);

const productLimit = z.object({
  productId: z
    .number()
    .nullable()
    .refine((id) => id !== null, BOT_MESSAGES.chooseProduct)
    .transform((id) => id as number)
    .pipe(limit.productId),
  lowestPrice: z
    .string()
    .transform(normalizeAmount)
    .refine((value) => AMOUNT_PATTERN.test(value), BOT_MESSAGES.priceFormat)
    .refine((value) => Number(value) <= PRICE_MAX, BOT_MESSAGES.priceTooHigh)
    .transform(Number)
    .pipe(limit.lowestPrice),
});

/** The days in the week's order, Monday first. */
const DAYS = Object.keys(DAY_NAMES) as [Day, ...Day[]];

const openingDay = z
  .object({
    day: z.enum(DAYS),
    open: z.boolean(),
    from: z.string(),
    to: z.string(),
  })
  .superRefine((value, ctx) => {
    const name = DAY_NAMES[value.day];
    const fromOk = TIME_PATTERN.test(value.from);
    const toOk = TIME_PATTERN.test(value.to);
    if (!fromOk) ctx.addIssue({ code: 'custom', path: ['from'], message: BOT_MESSAGES.opening(name) });
    if (!toOk) ctx.addIssue({ code: 'custom', path: ['to'], message: BOT_MESSAGES.closing(name) });
    // HH:MM compares as text.
    if (fromOk && toOk && value.open && value.to <= value.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: BOT_MESSAGES.closesBeforeOpening(name) });
  });

/**
 * The form's schema. `knownProducts`, once the catalogue has loaded, are the
 * product ids that exist: a row for any other product is refused here, as
 * the server would refuse it.
 */
export function botSettingsSchema(knownProducts?: ReadonlySet<number>) {
  return z.object({
    enabled: contract.enabled,
    greeting: message(BOT_MESSAGES.greetingRequired, GREETING_MAX, contract.greeting),
    // Absent when the backend's settings have no Swahili texts: the form then neither shows nor sends them.
    greetingSw: message(BOT_MESSAGES.greetingSwRequired, GREETING_SW_MAX, contract.greetingSw.unwrap()).optional(),
    bargaining: z.object({
      maxRounds: wholeNumber(ROUNDS_MIN, ROUNDS_MAX, BOT_MESSAGES.rounds, bargaining.maxRounds),
      lowestPricePercent: wholeNumber(PERCENT_MIN, PERCENT_MAX, BOT_MESSAGES.percent, bargaining.lowestPricePercent),
      productLimits: z
        .array(productLimit)
        .max(LIMITS_MAX, BOT_MESSAGES.tooManyLimits)
        .superRefine((rows, ctx) => {
          const seen = new Set<number>();
          rows.forEach((row, index) => {
            if (seen.has(row.productId))
              ctx.addIssue({ code: 'custom', path: [index, 'productId'], message: BOT_MESSAGES.duplicateProduct });
            else if (knownProducts && !knownProducts.has(row.productId))
              ctx.addIssue({
                code: 'custom',
                path: [index, 'productId'],
                message: BOT_MESSAGES.unknownProduct(row.productId),
              });
            seen.add(row.productId);
          });
        })
        .pipe(bargaining.productLimits),
    }),
    businessHours: z.object({
      enabled: hours.enabled,
      timezone: z
        .string()
        .trim()
        .min(1, BOT_MESSAGES.timezoneRequired)
        .max(TIMEZONE_MAX, BOT_MESSAGES.tooLong(TIMEZONE_MAX))
        .superRefine((zone, ctx) => {
          if (!isTimeZone(zone)) ctx.addIssue({ code: 'custom', message: BOT_MESSAGES.unknownTimezone(zone) });
        })
        .pipe(hours.timezone),
      // The rows are the week in order (weekOf): read as the contract's week,
      // which its own schema then checks day by day and position by position.
      days: z
        .array(openingDay)
        .transform((days) => days as Week)
        .pipe(hours.days),
    }),
    outOfHoursMessage: message(BOT_MESSAGES.outOfHoursRequired, OUT_OF_HOURS_MAX, contract.outOfHoursMessage),
    outOfHoursMessageSw: message(
      BOT_MESSAGES.outOfHoursSwRequired,
      OUT_OF_HOURS_SW_MAX,
      contract.outOfHoursMessageSw.unwrap(),
    ).optional(),
  });
}

type Schema = ReturnType<typeof botSettingsSchema>;
/** What the inputs hold. */
export type BotFormValues = z.input<Schema>;
/** What a valid form gives: the PUT body. */
export type BotFormOutput = z.output<Schema>;

/**
 * The seven days from Monday, each as stored (its first entry) or closed when
 * missing: a backend's list out of order, with a day twice or one left out,
 * still gives one row per day.
 */
function weekOf(days: readonly Week[number][]): Week {
  // One entry per day of DAYS, in its order: the contract's week.
  return DAYS.map((day) => {
    const stored = days.find((d) => d.day === day);
    return stored ? { ...stored } : { day, open: false, from: '09:00', to: '17:00' };
  }) as Week;
}

/** The inputs filled from stored settings. */
export function botSettingsToFormValues(settings: BotSettings): BotFormValues {
  return {
    enabled: settings.enabled,
    greeting: settings.greeting,
    bargaining: {
      maxRounds: String(settings.bargaining.maxRounds),
      lowestPricePercent: String(settings.bargaining.lowestPricePercent),
      productLimits: settings.bargaining.productLimits.map((row) => ({
        productId: row.productId,
        lowestPrice: String(row.lowestPrice),
      })),
    },
    businessHours: {
      enabled: settings.businessHours.enabled,
      timezone: settings.businessHours.timezone,
      days: weekOf(settings.businessHours.days),
    },
    outOfHoursMessage: settings.outOfHoursMessage,
    // Only when the backend has them (an older one does not).
    ...(settings.greetingSw !== undefined && { greetingSw: settings.greetingSw }),
    ...(settings.outOfHoursMessageSw !== undefined && { outOfHoursMessageSw: settings.outOfHoursMessageSw }),
  };
}

/** The hint under the percentage: what it means for the bot, read live from what is typed. */
export function lowestPriceHint(percent: string): string {
  const value = Number(percent.trim());
  if (!/^\d{1,3}$/.test(percent.trim()) || value < PERCENT_MIN || value > PERCENT_MAX)
    return `A whole number from ${PERCENT_MIN} to ${PERCENT_MAX}.`;
  if (value === 100) return "The bot never offers below a product's starting price: it does not come down.";
  return `The bot never offers below ${value} % of a product's starting price (rounded up to the next KES 50), unless the product has a lowest price of its own below.`;
}

/** The hint under the rounds: what the number means. */
export function roundsHint(rounds: string): string {
  const value = Number(rounds.trim());
  if (!/^\d{1,3}$/.test(rounds.trim()) || value < ROUNDS_MIN || value > ROUNDS_MAX)
    return `A whole number from ${ROUNDS_MIN} to ${ROUNDS_MAX}.`;
  if (value === 0) return 'Prices are fixed: the bot does not bargain.';
  return `The bot answers up to ${value} counter-offer${value === 1 ? '' : 's'} from a customer, then keeps to its best price.`;
}
