import type { components } from '../../contract/types';
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
