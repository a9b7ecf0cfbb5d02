// The product list's search matches name, category, colour or material,
// case-insensitive. Built once per product list so that each keystroke is a
// plain substring scan (10,000 products in well under a millisecond).
import type { Product } from '../../api/generated/model/product';

/** The text a product is found by, lower-cased. Fields are joined by a newline so a query cannot match across two of them. */
export function searchableText(product: Product): string {
  return [product.name, product.category, product.color, product.material]
    .filter((value): value is string => !!value)
    .join('\n')
    .toLowerCase();
}

export const normalizeQuery = (query: string): string => query.trim().toLowerCase();

/** Returns a filter over `products`: an empty query gives the whole list back (the same array). */
export function createProductSearch(products: readonly Product[]): (query: string) => readonly Product[] {
  const haystacks = products.map(searchableText);
  return (query) => {
    const needle = normalizeQuery(query);
    if (!needle) return products;
    const found: Product[] = [];
    for (let i = 0; i < haystacks.length; i += 1) {
      if (haystacks[i].includes(needle)) found.push(products[i]);
    }
    return found;
  };
}

export const filterProducts = (products: readonly Product[], query: string): readonly Product[] =>
  createProductSearch(products)(query);
