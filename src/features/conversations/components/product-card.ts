// A product from the catalogue as staff paste it into a reply: name, size,
// price in KES and a link to its picture, one line each.
import type { Product } from '../../../api/generated/model/product';
import type { ProductCategory } from '../../../api/generated/model/productCategory';
import { formatAmount, formatPriceRange } from '../../../lib/format/money';
import { formatDimensions } from '../../../lib/format/product';
import { safeImageUrl } from '../../../lib/url/safe-image-url';

/** Sinks are sold each, stones by the slab. */
export const productPriceUnit = (category: ProductCategory): string => (category === 'sink' ? 'each' : 'per slab');

/** "8,500 - 12,000 KES per slab", or "4,500 KES each" when both ends are the same. */
export function productCardPrice(product: Pick<Product, 'category' | 'startingPrice' | 'endingPrice'>): string {
  const price =
    product.startingPrice === product.endingPrice
      ? `${formatAmount(product.startingPrice)} KES`
      : formatPriceRange(product.startingPrice, product.endingPrice);
  return `${price} ${productPriceUnit(product.category)}`;
}

/**
 * The picture as an absolute http(s) URL a customer can open: a relative
 * /uploads path is resolved against this site; anything else (javascript:,
 * data:, another scheme) gives null.
 */
export function productCardPictureUrl(raw: string | null | undefined, origin: string): string | null {
  const safe = safeImageUrl(raw, origin);
  if (!safe) return null;
  try {
    const url = new URL(safe, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * "Absolute Black Granite\nSize: 3000 x 1800 x 20 mm\nPrice: 8,500 - 12,000 KES per slab\nPicture: https://…/x.jpg";
 * the size and picture lines only when the product has them.
 */
export function productCard(product: Product, origin: string = window.location.origin): string {
  const lines = [product.name.trim()];
  const size = formatDimensions(product.dimensions);
  if (size) lines.push(`Size: ${size}`);
  lines.push(`Price: ${productCardPrice(product)}`);
  const picture = productCardPictureUrl(product.productImageUrl, origin);
  if (picture) lines.push(`Picture: ${picture}`);
  return lines.join('\n');
}
