import { sql, type Kysely, type Selectable, type Updateable, type Insertable } from 'kysely';
import type { DB, ProductsTable } from '../../db/schema';
import { beyond, keyAt, type JsonRow, type Key } from '../../app/paging';

export type ProductRow = Selectable<ProductsTable>;
export type ProductInsert = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;

/** A product as the contract's Product, in JSON built by PostgreSQL. */
const productJson = sql<string>`json_build_object(
  'id', id, 'name', name, 'category', category, 'dimensions', dimensions, 'description', description,
  'descriptionSw', description_sw,
  'startingPrice', starting_price, 'endingPrice', ending_price, 'color', color,
  'installationPricePerSlab', installation_price_per_slab, 'material', material, 'bowlConfiguration', bowl_configuration,
  'stock', stock, 'isActive', is_active, 'productImageUrl', product_image_url, 'installationImageUrls', installation_image_urls
)::text`;

export function productsRepository(db: Kysely<DB>) {
  /** Newest first (the index products_created_at), from after `after`. */
  const newestFirst = (after: Key | undefined, limit: number) =>
    db
      .selectFrom('products')
      .$if(after !== undefined, (query) => query.where(beyond('created_at', after!, '<')))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
  return {
    list: () => db.selectFrom('products').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    /**
     * Up to `limit` products after `after`, newest first, each as API JSON
     * built by PostgreSQL (faster than mapping and serializing rows in
     * JavaScript); mapper.ts is the reference shape and a test keeps the two
     * equal.
     */
    page: (after: Key | undefined, limit: number): Promise<JsonRow[]> =>
      newestFirst(after, limit)
        .select([productJson.as('json'), keyAt('created_at').as('at'), 'id'])
        .execute(),
    /** The same rows, whole (for the CSV export). */
    rows: (after: Key | undefined, limit: number) =>
      newestFirst(after, limit).selectAll().select(keyAt('created_at').as('at')).execute(),
    /** Moves on with every statement that changes products (migration 005). */
    catalogueVersion: async () =>
      String(
        (
          await sql<{ version: string }>`select version::text as version from catalogue_version where id = 1`.execute(
            db,
          )
        ).rows[0]?.version ?? '',
      ),
    /** The active products, oldest first, with what the bot shows of them (mapper.ts's toCatalogueProducts). */
    active: () =>
      db
        .selectFrom('products')
        .select([
          'id',
          'name',
          'category',
          'dimensions',
          'description',
          'description_sw',
          'starting_price',
          'ending_price',
          'color',
          'installation_price_per_slab',
          'material',
          'bowl_configuration',
          'stock',
          'product_image_url',
        ])
        .where('is_active', '=', true)
        .orderBy('id')
        .execute(),
    count: async () =>
      (
        await db
          .selectFrom('products')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    find: (id: number) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst(),
    findByCategoryAndName: (category: string, name: string) =>
      db
        .selectFrom('products')
        .selectAll()
        .where('category', '=', category)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .orderBy('id')
        .executeTakeFirst(),
    insert: (values: ProductInsert) =>
      db.insertInto('products').values(values).returningAll().executeTakeFirstOrThrow(),
    update: (id: number, values: ProductUpdate) =>
      db
        .updateTable('products')
        .set({ ...values, updated_at: sql<Date>`now()` as unknown as Date })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    delete: (id: number) => db.deleteFrom('products').where('id', '=', id).returningAll().executeTakeFirst(),
    /** Whether any product shows this image URL, as its image or among its installation images. */
    refersTo: async (url: string) =>
      (await db
        .selectFrom('products')
        .select('id')
        .where((eb) =>
          eb.or([eb('product_image_url', '=', url), eb(eb.val(url), '=', eb.fn.any('installation_image_urls'))]),
        )
        .limit(1)
        .executeTakeFirst()) !== undefined,
  };
}
