// How a product reads on screen in the product list: category label,
// dimensions, details line and price range.
import type { Product } from '../../api/generated/model/product';
import type { ProductCategory } from '../../api/generated/model/productCategory';
import { formatAmount, formatPriceRange } from '../../lib/format/money';

/** Granite, marble and quartz are stones; they carry a colour and an installation price. */
export const isStone = (category: ProductCategory): boolean => category !== 'sink';

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

/** The stock under a product's status: "12 in stock", "Out of stock". */
export const stockText = (stock: number) => (stock > 0 ? `${stock.toLocaleString('en-KE')} in stock` : 'Out of stock');
