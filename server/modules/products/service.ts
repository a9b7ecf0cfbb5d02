import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../app/errors';
import { csvRecords, parseProductsCsv, productCells, productsCsvHead } from './csv';
import type { ProductForm } from './form';
import { UPLOADS_PREFIX, type ImageStore } from './images';
import { toProduct, type Product } from './mapper';
import { BATCH, type Key, type ListSource } from '../../app/paging';

/** Longest catalogue kept as one JSON text in memory (about 450 bytes a product). */
const WHOLE_CACHE_MAX = 10_000;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The whole catalogue as JSON text, and its compressed copies once asked for. */
export type WholeCatalogue = {
  version: string;
  json: string;
  count: number;
  compressed: Map<'br' | 'gzip', Promise<Buffer>>;
  /** Its entity tag, once an answer has carried it (the tag of the JSON text and its count). */
  etag?: string;
};
import { productsRepository, type ProductRow, type ProductUpdate } from './repository';

// Form field → column. Fields that cannot be cleared are marked.
const COLUMNS: Record<string, { column: keyof ProductUpdate; required?: boolean; money?: boolean }> = {
  name: { column: 'name', required: true },
  category: { column: 'category', required: true },
  dimensions: { column: 'dimensions' },
  description: { column: 'description' },
  descriptionSw: { column: 'description_sw' },
  startingPrice: { column: 'starting_price', required: true, money: true },
  endingPrice: { column: 'ending_price', required: true, money: true },
  color: { column: 'color' },
  installationPricePerSlab: { column: 'installation_price_per_slab', money: true },
  material: { column: 'material' },
  bowlConfiguration: { column: 'bowl_configuration' },
  stock: { column: 'stock', required: true },
  isActive: { column: 'is_active', required: true },
};

const imageUrls = (row: Pick<ProductRow, 'product_image_url' | 'installation_image_urls'> | undefined) =>
  row ? [row.product_image_url, ...row.installation_image_urls].filter((url): url is string => url !== null) : [];
/** The image URLs an update sets (files storeImages has just written). */
const newImageUrls = (update: ProductUpdate) =>
  imageUrls({
    product_image_url: update.product_image_url ?? null,
    installation_image_urls: update.installation_image_urls ?? [],
  });

export function productsService(db: Kysely<DB>, images: ImageStore) {
  const repo = productsRepository(db);

  /**
   * Removes the stored files among `urls` that no product refers to any
   * more. A CSV import may point several products at one uploaded file, so a
   * file goes only with its last reference.
   */
  async function release(urls: string[], keep: string[] = []) {
    for (const url of new Set(urls)) {
      if (!url.startsWith(UPLOADS_PREFIX) || keep.includes(url)) continue;
      if (!(await repo.refersTo(url))) await images.remove(url);
    }
  }

  function changes(form: ProductForm): ProductUpdate {
    const update: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(form.values)) {
      const spec = COLUMNS[field];
      if (spec) update[spec.column] = spec.money ? Number(value) : value;
    }
    for (const field of form.cleared) {
      const spec = COLUMNS[field];
      if (!spec) continue;
      if (spec.required) throw badRequest(`${field} cannot be empty`);
      update[spec.column] = null;
    }
    return update as ProductUpdate;
  }

  function checkPrices(starting: number | string, ending: number | string) {
    if (Number(ending) < Number(starting)) throw badRequest('Ending price must not be lower than starting price');
  }

  async function storeImages(form: ProductForm, update: ProductUpdate) {
    if (form.productImage)
      update.product_image_url = await images.save(form.productImage.bytes, form.productImage.type);
    else if (form.productImage === null) update.product_image_url = null;
    if (form.installationImages) {
      update.installation_image_urls = await Promise.all(
        form.installationImages.map((img) => images.save(img.bytes, img.type)),
      );
    } else if (form.installationImages === null) update.installation_image_urls = [];
  }

  // The whole catalogue as one JSON text, kept while the catalogue's version
  // (bumped by a trigger on every change) stays the same: the product screen
  // loads the whole catalogue, and building 2,000 products' JSON for every
  // request cost 30 ms of database time each. Catalogues over WHOLE_CACHE_MAX
  // are streamed as other long lists are.
  let whole: WholeCatalogue | undefined;
  let building: { version: string; done: Promise<typeof whole> } | undefined;
  async function buildWhole(version: string): Promise<typeof whole> {
    if ((await repo.count()) > WHOLE_CACHE_MAX) return undefined;
    const parts: string[] = [];
    let after: Key | undefined;
    // In batches, so that no single query holds the embedded database for long.
    for (;;) {
      const rows = await repo.page(after, BATCH);
      parts.push(...rows.map((row) => row.json));
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1];
    }
    // Labelled with the version read before the rows: a change made meanwhile
    // moves the version on, so the next request rebuilds.
    return { version, json: `[${parts.join(',')}]`, count: parts.length, compressed: new Map() };
  }

  return {
    /**
     * The whole catalogue as JSON, from the cache when nothing changed since
     * it was built; undefined when the catalogue is too long to keep.
     */
    async wholeJson() {
      const version = await repo.catalogueVersion();
      if (whole?.version === version) return whole;
      // Requests arriving together share one build of their version.
      if (building?.version !== version) {
        const done = buildWhole(version);
        building = { version, done };
        void done.finally(() => building?.done === done && (building = undefined)).catch(() => {});
      }
      const built = await building.done;
      if (built) whole = built;
      return built;
    },
    /**
     * The cached catalogue compressed, once per version and off the event
     * loop: compressing 2,000 products (870 KB) for every request cost the
     * server about 30 ms of CPU each.
     */
    wholeCompressed(catalogue: WholeCatalogue, encoding: 'br' | 'gzip'): Promise<Buffer> {
      let done = catalogue.compressed.get(encoding);
      if (!done) {
        done =
          encoding === 'br'
            ? brotliAsync(catalogue.json, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: 9,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(catalogue.json),
                },
              })
            : gzipAsync(catalogue.json, { level: 9 });
        catalogue.compressed.set(encoding, done);
        // A failure is not kept: the next request tries again.
        done.catch(() => catalogue.compressed.delete(encoding));
      }
      return done;
    },
    /** Every product, mapped in JavaScript: the reference the database's JSON is checked against. */
    list: async (): Promise<Product[]> => (await repo.list()).map(toProduct),
    /** The list, paged or whole, as JSON the database builds (see paging.ts). */
    listSource: (): ListSource => ({ scope: 'products', page: repo.page, count: repo.count }),

    async get(id: number): Promise<Product> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      return toProduct(row);
    },

    async create(form: ProductForm): Promise<Product> {
      const update = changes(form);
      checkPrices(update.starting_price!, update.ending_price!);
      await storeImages(form, update);
      try {
        const row = await repo.insert({
          stock: 0,
          is_active: true,
          installation_image_urls: [],
          ...update,
        } as Parameters<typeof repo.insert>[0]);
        return toProduct(row);
      } catch (error) {
        // The files just stored belong to nothing.
        await release(newImageUrls(update));
        throw error;
      }
    },

    async update(id: number, form: ProductForm): Promise<Product> {
      const current = await repo.find(id);
      if (!current) throw notFound();
      const update = changes(form);
      checkPrices(update.starting_price ?? current.starting_price, update.ending_price ?? current.ending_price);
      await storeImages(form, update);
      const stored = newImageUrls(update);
      let row: ProductRow | undefined;
      try {
        row = Object.keys(update).length > 0 ? await repo.update(id, update) : current;
      } catch (error) {
        await release(stored);
        throw error;
      }
      if (!row) {
        await release(stored);
        throw notFound();
      }
      // Images replaced or cleared go, unless another product still shows them.
      await release(imageUrls(current), imageUrls(row));
      return toProduct(row);
    },

    async remove(id: number): Promise<void> {
      const row = await repo.delete(id);
      if (!row) throw notFound();
      await release(imageUrls(row));
    },

    /** The CSV export, newest first, in batches (see paging.ts sendCsv). */
    csvExport: () => ({
      head: productsCsvHead(),
      fetch: repo.rows,
      format: (rows: ProductRow[]) => csvRecords(rows.map((row) => productCells(toProduct(row)))),
    }),

    /**
     * Upserts by category and name (case-insensitive). A row the database
     * refuses fails on its own with a plain message; `onRowError` gets the
     * cause (for the log), which is never shown to the client.
     */
    async importCsv(text: string, onRowError: (row: number, cause: unknown) => void = () => {}) {
      const rows = parseProductsCsv(text);
      const result = { imported: 0, updated: 0, failed: 0, errors: [] as string[] };
      for (const { row, product, error } of rows) {
        if (!product) {
          result.failed++;
          result.errors.push(error!);
          continue;
        }
        const values = {
          name: product.name,
          category: product.category,
          dimensions: product.dimensions,
          description: product.description,
          starting_price: product.startingPrice,
          ending_price: product.endingPrice,
          color: product.color,
          material: product.material,
          installation_price_per_slab: product.installationPricePerSlab,
          product_image_url: product.productImageUrl,
          installation_image_urls: product.installationImageUrls,
          ...(product.stock === null ? {} : { stock: product.stock }),
          ...(product.isActive === null ? {} : { is_active: product.isActive }),
        };
        try {
          const existing = await repo.findByCategoryAndName(product.category, product.name);
          if (existing) {
            const row = await repo.update(existing.id, values);
            result.updated++;
            await release(imageUrls(existing), imageUrls(row));
          } else {
            await repo.insert({ stock: 0, is_active: true, ...values });
            result.imported++;
          }
        } catch (cause) {
          result.failed++;
          result.errors.push(`Row ${row}: could not be saved`);
          onRowError(row, cause);
        }
      }
      return result;
    },
  };
}
