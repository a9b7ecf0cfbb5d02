// How a product reads on screen in the product list: category label,
// dimensions, details line and price range.
import type { Product } from '../../api/generated/model/product';
import type { ProductCategory } from '../../api/generated/model/productCategory';
import { formatAmount, formatPriceRange } from '../../lib/format/money';

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  granite: 'Granite',
  marble: 'Marble',
  quartz: 'Quartz',
  sink: 'Sink',
};

/** Granite, marble and quartz are stones; they carry a colour and an installation price. */
export const isStone = (category: ProductCategory): boolean => category !== 'sink';

/**
 * Dimensions in mm as entered ("3000x1800x20", "3000 X 1800 x 20") read as
 * "3000 x 1800 x 20 mm". Text that is not a list of numbers is shown as typed.
 */
export function formatDimensions(dimensions: string | null | undefined): string {
  const text = dimensions?.trim() ?? '';
  if (!text) return '';
  const parts = text.split(/\s*[x×*]\s*/i);
  if (parts.length < 2 || !parts.every((part) => /^\d+(\.\d+)?$/.test(part))) return text;
  return `${parts.join(' x ')} mm`;
}

/** 'Installation: 2,500 KES/slab' */
export const formatInstallationPrice = (amount: number): string => `Installation: ${formatAmount(amount)} KES/slab`;

/** The Details column: sinks show material and bowl configuration; stones their colour and installation price when set. */
export function productDetails(product: Product): string[] {
  if (!isStone(product.category)) {
    return [product.material, product.bowlConfiguration].filter((line): line is NonNullable<typeof line> => !!line);
  }
  const lines: string[] = [];
  if (product.color) lines.push(product.color);
  if (product.installationPricePerSlab != null) lines.push(formatInstallationPrice(product.installationPricePerSlab));
  return lines;
}

/** 'start - end KES', e.g. "8,500 - 12,000 KES". */
export const productPriceRange = (product: Product): string =>
  formatPriceRange(product.startingPrice, product.endingPrice);
