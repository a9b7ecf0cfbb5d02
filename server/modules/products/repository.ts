import { sql, type Kysely, type Selectable, type Updateable, type Insertable } from 'kysely';
import type { DB, ProductsTable } from '../../db/schema';

export type ProductRow = Selectable<ProductsTable>;
export type ProductInsert = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;

export function productsRepository(db: Kysely<DB>) {
  return {
    list: () => db.selectFrom('products').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    /** The list as API JSON built by PostgreSQL (see conversations' listJson); mapper.ts is the reference shape. */
    listJson: async () =>
      (
        await db
          .selectFrom('products')
          .select(
            sql<string>`coalesce(json_agg(json_build_object(
              'id', id, 'name', name, 'category', category, 'dimensions', dimensions, 'description', description,
              'startingPrice', starting_price, 'endingPrice', ending_price, 'color', color,
              'installationPricePerSlab', installation_price_per_slab, 'material', material, 'bowlConfiguration', bowl_configuration,
              'stock', stock, 'isActive', is_active, 'productImageUrl', product_image_url, 'installationImageUrls', installation_image_urls
            ) order by created_at desc, id desc), '[]')::text`.as('json'),
          )
          .executeTakeFirstOrThrow()
      ).json,
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
