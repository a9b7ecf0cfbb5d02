// A product from the catalogue as staff paste it into a reply: name, size,
// price in KES and a link to its picture, one line each.
import type { Conversation } from '../../../api/generated/model/conversation';
import type { Product } from '../../../api/generated/model/product';
import type { ProductCategory } from '../../../api/generated/model/productCategory';
import { formatAmount } from '../../../lib/format/money';
import { formatDimensions } from '../../../lib/format/product';
import { safeImageUrl } from '../../../lib/url/safe-image-url';

/** Sinks are sold each, stones by the slab. */
export const productPriceUnit = (category: ProductCategory): string => (category === 'sink' ? 'each' : 'per slab');

/**
 * "8,500 KES per slab", "4,500 KES each": the starting price, which is what
 * the chatbot quotes and bargains down from, so a card staff send never
 * names a higher price than the bot did (the ending price is only the top of
 * the range staff see in the product list).
 */
export function productCardPrice(product: Pick<Product, 'category' | 'startingPrice'>): string {
  return `${formatAmount(product.startingPrice)} KES ${productPriceUnit(product.category)}`;
}

/** A host only the machine itself reaches: a link to it means nothing to a customer. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * The picture as an absolute http(s) URL a customer can open: a relative
 * /uploads path is resolved against `origin` (the page's own: the public
 * address the dashboard is served from, PUBLIC_ORIGIN in production); an
 * absolute one on a development host (localhost, 127.x) is moved to `origin`
 * too; anything else (javascript:, data:, another scheme) gives null.
 */
export function productCardPictureUrl(raw: string | null | undefined, origin: string): string | null {
  const safe = safeImageUrl(raw, origin);
  if (!safe) return null;
  try {
    let url = new URL(safe, origin);
    if (LOOPBACK.test(url.hostname)) url = new URL(`${url.pathname}${url.search}${url.hash}`, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The catalogue with the conversation's product of interest first: its current
 * product, then the products it mentioned (the latest first, matched by name);
 * the rest keep their order. `interest` holds the ids moved up.
 */
export function productsByInterest<T extends Pick<Product, 'id' | 'name'>>(
  products: readonly T[],
  conversation: Pick<Conversation, 'currentProductId' | 'productsMentioned'> | undefined,
): { products: T[]; interest: Set<number> } {
  const first: T[] = [];
  const take = (found: T | undefined) => {
    if (found && !first.includes(found)) first.push(found);
  };
  if (conversation?.currentProductId != null) take(products.find((p) => p.id === conversation.currentProductId));
  for (const name of [...(conversation?.productsMentioned ?? [])].reverse()) {
    const wanted = name.trim().toLowerCase();
    take(products.find((p) => p.name.trim().toLowerCase() === wanted));
  }
  return {
    products: [...first, ...products.filter((p) => !first.includes(p))],
    interest: new Set(first.map((p) => p.id)),
  };
}

/**
 * "Absolute Black Granite\nSize: 3000 x 1800 x 20 mm\nPrice: 8,500 KES per slab\nPicture: https://…/x.jpg";
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

/** A message's last line naming a picture, as product cards and the bot's product replies end. */
const PICTURE_LINE = /\n?Picture:[ \t]*(\S+)[ \t]*$/;

/**
 * A bot's or staff member's message that ends with "Picture: <url>" (a
 * product card) as its text and the picture to show in its place (on
 * `origin` when the link names a development host), or no picture when the
 * link is missing or not an http(s) image a browser may load.
 */
export function messagePicture(content: string, origin: string): { text: string; picture: string | null } {
  const match = PICTURE_LINE.exec(content);
  const picture = match ? productCardPictureUrl(match[1], origin) : null;
  return picture ? { text: content.slice(0, match!.index).trimEnd(), picture } : { text: content, picture: null };
}
