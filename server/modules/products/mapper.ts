// A product row as the API's Product (toProduct) and as the bot's catalogue
// shows it (toCatalogueProducts): the only two mappings from a products row.
import type { CatalogueProduct } from '../../bot/interface';
import type { components } from '../../app/openapi/types';
import type { ProductRow } from './repository';

export type Product = components['schemas']['Product'];

const money = (value: string | number) => Number(value);

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    category: row.category as Product['category'],
    dimensions: row.dimensions,
    description: row.description,
    descriptionSw: row.description_sw,
    startingPrice: money(row.starting_price),
    endingPrice: money(row.ending_price),
    color: row.color as Product['color'],
    installationPricePerSlab: row.installation_price_per_slab === null ? null : money(row.installation_price_per_slab),
    material: row.material as Product['material'],
    bowlConfiguration: row.bowl_configuration as Product['bowlConfiguration'],
    stock: row.stock,
    isActive: row.is_active,
    productImageUrl: row.product_image_url,
    installationImageUrls: row.installation_image_urls,
  };
}

/** What of a product the bot needs (productsRepository's active()). */
export type CatalogueProductRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'category'
  | 'dimensions'
  | 'description'
  | 'description_sw'
  | 'starting_price'
  | 'ending_price'
  | 'color'
  | 'installation_price_per_slab'
  | 'material'
  | 'bowl_configuration'
  | 'stock'
  | 'product_image_url'
>;

const CATALOGUE_CATEGORIES = new Set<string>([
  'granite',
  'marble',
  'quartz',
  'sink',
] satisfies CatalogueProduct['category'][]);

/** Products as the bot sees them (interface.ts's CatalogueProduct), in the rows' order; a category the bot does not know is left out. */
export function toCatalogueProducts(rows: CatalogueProductRow[]): CatalogueProduct[] {
  return rows
    .filter((row) => CATALOGUE_CATEGORIES.has(row.category))
    .map((row) => ({
      id: row.id,
      name: row.name,
      category: row.category as CatalogueProduct['category'],
      dimensions: row.dimensions,
      description: row.description,
      descriptionSw: row.description_sw,
      startingPrice: money(row.starting_price),
      endingPrice: money(row.ending_price),
      color: row.color,
      installationPricePerSlab:
        row.installation_price_per_slab === null ? null : money(row.installation_price_per_slab),
      material: row.material,
      bowlConfiguration: row.bowl_configuration,
      stock: row.stock,
      productImageUrl: row.product_image_url,
    }));
}
