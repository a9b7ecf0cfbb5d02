// Settings → Delivery: the zones the business delivers to (fee in KES, kept
// in cents; lead time in days) and pickup. Also the lookup the chatbot uses
// to answer "mnadeliver Nakuru?": a zone named in a message by its name or
// one of its places, as a whole word, whatever the case or accents.
import type { Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../app/errors';
import { deliveryZonesRepository, type ZoneColumns, type ZoneRow } from './repository';

export type DeliveryZone = components['schemas']['DeliveryZone'];
export type Pickup = components['schemas']['Pickup'];
type ZoneInput = components['schemas']['DeliveryZoneInput'];
type ZoneUpdate = components['schemas']['DeliveryZoneUpdate'];

/** A zone as the chatbot sees it. */
export type ZoneMatch = { id: number; name: string; feeCents: number; leadDays: number };

/** The most zones kept (openapi.yaml DeliveryZoneList.zones maxItems). */
export const MAX_DELIVERY_ZONES = 200;

const PICKUP_OFF: Pickup = { enabled: false, location: '', leadDays: 0 };

/** The compared form of a name or a message: lowercase, no accents, words of letters and digits, single spaces. */
export const placeKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const toZone = (row: ZoneRow): DeliveryZone => ({
  id: row.id,
  name: row.name,
  places: row.places,
  fee: row.fee_cents / 100,
  leadDays: row.lead_days,
});

/** KES with at most two decimals, read as written (not in binary), as cents. */
function centsOf(fee: number): number {
  const cents = Math.round(fee * 100);
  if (Math.abs(fee * 100 - cents) > 1e-6) throw badRequest('The fee must have at most two decimals (cents)');
  return cents;
}

/** The places of a zone, trimmed, each once (compared as names are), none the zone's own name. */
function cleanPlaces(places: string[], name: string): string[] {
  const seen = new Set([placeKey(name)]);
  const kept: string[] = [];
  for (const place of places) {
    const trimmed = place.trim().replace(/\s+/g, ' ');
    const key = placeKey(trimmed);
    if (!key) throw badRequest('A place must have letters or digits');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

export function deliveryZonesService(db: Kysely<DB>) {
  const repo = deliveryZonesRepository(db);

  const pickup = async (): Promise<Pickup> => {
    const row = await repo.pickup();
    return row ? { enabled: row.enabled, location: row.location, leadDays: row.lead_days } : { ...PICKUP_OFF };
  };

  /** The columns of a name, checked: words in it, and no other zone's. */
  async function nameColumns(name: string, id?: number) {
    const trimmed = name.trim().replace(/\s+/g, ' ');
    const key = placeKey(trimmed);
    if (!key) throw badRequest('The name must have letters or digits');
    const other = await repo.byKey(key);
    if (other && other.id !== id) throw taken(other.name);
    return { name: trimmed, name_key: key };
  }
  const taken = (name: string) => conflict(`There is already a delivery zone named "${name}"`);

  return {
    async list(): Promise<{ zones: DeliveryZone[]; pickup: Pickup }> {
      return { zones: (await repo.list()).map(toZone), pickup: await pickup() };
    },
    async create(input: ZoneInput): Promise<DeliveryZone> {
      const name = await nameColumns(input.name);
      if ((await repo.count()) >= MAX_DELIVERY_ZONES)
        throw conflict(`You can keep up to ${MAX_DELIVERY_ZONES} delivery zones: delete one first`);
      const row = await repo.insert({
        ...name,
        places: cleanPlaces(input.places ?? [], name.name),
        fee_cents: centsOf(input.fee),
        lead_days: input.leadDays,
      });
      if (row === 'taken') throw taken(name.name);
      return toZone(row);
    },
    async update(id: number, input: ZoneUpdate): Promise<DeliveryZone> {
      const existing = await repo.byId(id);
      if (!existing) throw notFound();
      const columns: ZoneColumns = {};
      if (input.name !== undefined) Object.assign(columns, await nameColumns(input.name, id));
      if (input.fee !== undefined) columns.fee_cents = centsOf(input.fee);
      if (input.leadDays !== undefined) columns.lead_days = input.leadDays;
      if (input.places !== undefined || input.name !== undefined)
        columns.places = cleanPlaces(input.places ?? existing.places, columns.name ?? existing.name);
      const row = await repo.update(id, columns);
      if (row === 'taken') throw taken(columns.name ?? existing.name);
      if (!row) throw notFound();
      return toZone(row);
    },
    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound();
    },
    pickup,
    async savePickup(input: Pickup): Promise<Pickup> {
      const location = input.location.trim().replace(/\s+/g, ' ');
      if (input.enabled && !location) throw badRequest('Say where customers collect their order, or turn pickup off');
      const row = await repo.savePickup({ enabled: input.enabled, location, lead_days: input.leadDays });
      return { enabled: row.enabled, location: row.location, leadDays: row.lead_days };
    },
    /**
     * The zone a customer's message names, by its name or one of its places,
     * as whole words whatever the case or accents ("mnadeliver Nakuru?",
     * "tuletee Kitengela"); the longest name wins ("Nairobi CBD" over
     * "Nairobi"). Null when it names none.
     */
    async findZoneFor(text: string): Promise<ZoneMatch | null> {
      const message = ` ${placeKey(text)} `;
      if (message.trim() === '') return null;
      let best: { zone: ZoneRow; length: number } | null = null;
      for (const zone of await repo.list())
        for (const name of [zone.name, ...zone.places]) {
          const key = placeKey(name);
          if (key && message.includes(` ${key} `) && (!best || key.length > best.length))
            best = { zone, length: key.length };
        }
      return best
        ? { id: best.zone.id, name: best.zone.name, feeCents: best.zone.fee_cents, leadDays: best.zone.lead_days }
        : null;
    },
    /** A zone by its id, as findZoneFor gives it; null when there is none. `within`: a transaction to read it in. */
    async zoneById(id: number, within?: Kysely<DB>): Promise<ZoneMatch | null> {
      const row = await (within ? deliveryZonesRepository(within) : repo).byId(id);
      return row ? { id: row.id, name: row.name, feeCents: row.fee_cents, leadDays: row.lead_days } : null;
    },
  };
}
