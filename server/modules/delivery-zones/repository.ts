// The SQL of delivery zones and pickup (migration 026).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const COLUMNS = ['id', 'name', 'places', 'fee_cents', 'lead_days'] as const;

export type ZoneRow = { id: number; name: string; places: string[]; fee_cents: number; lead_days: number };
export type ZoneColumns = {
  name?: string;
  name_key?: string;
  places?: string[];
  fee_cents?: number;
  lead_days?: number;
};
export type PickupRow = { enabled: boolean; location: string; lead_days: number };

/** Postgres's unique_violation. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export function deliveryZonesRepository(db: Kysely<DB>) {
  /** Runs a write; a second zone with the same name_key resolves 'taken' instead of throwing. */
  async function unlessTaken<T>(write: () => Promise<T>): Promise<T | 'taken'> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }
  const json = (places: string[] | undefined) => (places === undefined ? undefined : JSON.stringify(places));

  return {
    list: (): Promise<ZoneRow[]> => db.selectFrom('delivery_zones').select(COLUMNS).orderBy('name_key').execute(),
    count: async () =>
      Number(
        (
          await db
            .selectFrom('delivery_zones')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    byId: (id: number): Promise<ZoneRow | undefined> =>
      db.selectFrom('delivery_zones').select(COLUMNS).where('id', '=', id).executeTakeFirst(),
    /** The zone whose name has this compared form, if any. */
    byKey: (key: string) =>
      db.selectFrom('delivery_zones').select(['id', 'name']).where('name_key', '=', key).executeTakeFirst(),
    insert: (zone: Required<ZoneColumns>) =>
      unlessTaken(() =>
        db
          .insertInto('delivery_zones')
          .values({ ...zone, places: json(zone.places)! })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow(),
      ),
    update: (id: number, zone: ZoneColumns) =>
      unlessTaken(() =>
        db
          .updateTable('delivery_zones')
          .set({ ...zone, places: json(zone.places) })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst(),
      ),
    remove: async (id: number) =>
      (await db.deleteFrom('delivery_zones').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined,
    pickup: (): Promise<PickupRow | undefined> =>
      db.selectFrom('delivery_pickup').select(['enabled', 'location', 'lead_days']).executeTakeFirst(),
    savePickup: async (pickup: PickupRow): Promise<PickupRow> =>
      db
        .insertInto('delivery_pickup')
        .values({ id: 1, ...pickup })
        .onConflict((oc) => oc.column('id').doUpdateSet(pickup))
        .returning(['enabled', 'location', 'lead_days'])
        .executeTakeFirstOrThrow(),
  };
}
