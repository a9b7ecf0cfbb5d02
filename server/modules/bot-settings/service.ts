// Settings → Chatbot: how the bot answers customers (server/bot). openapi.yaml
// checks the shape of what is saved (the week's days in order included); this
// checks what a schema cannot say (a known time zone, closing after opening,
// products that exist; a product deleted later loses its lowest price), and
// the week's order again for a caller that does not go through the route's
// schema, so the bot never reads a week out of order. The bot reads them
// through `current`, kept for a few seconds: a save here is seen at once, one
// on another server instance within that.
import type { Kysely } from 'kysely';
import type { BotSettings } from '../../bot/interface';
import type { DB } from '../../db/schema';
import { badRequest } from '../../app/errors';
import { BOT_DAYS, botSettingsDefaults } from './defaults';
import { botSettingsRepository } from './repository';

/** How long the bot's copy of the settings is used before they are read again. */
export const BOT_SETTINGS_TTL_MS = 5_000;

const DAY_NAMES = BOT_DAYS.map((day) => day[0].toUpperCase() + day.slice(1));

/** An IANA time zone name this server's Intl knows ("Africa/Nairobi", "UTC"); offsets such as "+03:00" are not names. */
export function knownTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** KES with at most two decimals (openapi.yaml's BotProductLimit.lowestPrice), read as written, not in binary. */
const inCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/**
 * Stored settings as the bot and the dashboard see them: the defaults under
 * what was saved, so settings saved before a field existed still have it.
 */
function withDefaults(stored: unknown): BotSettings {
  const defaults = botSettingsDefaults();
  if (!stored || typeof stored !== 'object') return defaults;
  const saved = stored as Partial<BotSettings>;
  return {
    ...defaults,
    ...saved,
    bargaining: { ...defaults.bargaining, ...saved.bargaining },
    businessHours: { ...defaults.businessHours, ...saved.businessHours },
  };
}

export function botSettingsService(db: Kysely<DB>, deps: { now: () => Date }) {
  const repo = botSettingsRepository(db);
  let cached: { settings: BotSettings; until: number } | undefined;

  /**
   * The stored settings, without the lowest prices of products deleted since
   * (so the settings read can always be saved back as they are).
   */
  async function read(): Promise<BotSettings> {
    const settings = withDefaults(await repo.find());
    const limits = settings.bargaining.productLimits;
    if (limits.length === 0) return settings;
    const existing = await repo.existingProducts(limits.map((limit) => limit.productId));
    if (existing.size === limits.length) return settings;
    return {
      ...settings,
      bargaining: { ...settings.bargaining, productLimits: limits.filter((limit) => existing.has(limit.productId)) },
    };
  }

  /** The rules beyond the schema; the first one broken, in words for staff. */
  async function check(settings: BotSettings) {
    const hours = settings.businessHours;
    if (!knownTimeZone(hours.timezone)) throw badRequest(`Unknown time zone: ${hours.timezone}`);
    if (hours.days.length !== BOT_DAYS.length || hours.days.some((d, i) => d.day !== BOT_DAYS[i]))
      throw badRequest('Business hours must list the days from Monday to Sunday, each once');
    for (const [i, day] of hours.days.entries())
      if (day.open && day.from >= day.to)
        throw badRequest(`Closing time must be after opening time on ${DAY_NAMES[i]}`);
    for (const { productId, lowestPrice } of settings.bargaining.productLimits)
      if (!inCents(lowestPrice))
        throw badRequest(`The lowest price of product ${productId} must have at most two decimals (cents)`);
    const ids = settings.bargaining.productLimits.map((limit) => limit.productId);
    const seen = new Set<number>();
    for (const id of ids) {
      if (seen.has(id)) throw badRequest(`Product ${id} has more than one lowest price`);
      seen.add(id);
    }
    const existing = await repo.existingProducts(ids);
    const missing = ids.find((id) => !existing.has(id));
    if (missing !== undefined) throw badRequest(`Product ${missing} does not exist`);
  }

  return {
    /** The saved settings, or the defaults before staff first save. */
    get: read,
    /** The same for the bot: read again at most every few seconds (and at once after a save here). */
    async current(): Promise<BotSettings> {
      const now = Date.now();
      if (cached && cached.until > now) return cached.settings;
      const settings = await read();
      cached = { settings, until: now + BOT_SETTINGS_TTL_MS };
      return settings;
    },
    async save(settings: BotSettings): Promise<BotSettings> {
      await check(settings);
      await repo.save(settings, deps.now());
      cached = undefined;
      return read();
    },
  };
}
