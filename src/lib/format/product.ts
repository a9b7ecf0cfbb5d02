// How a product's category and dimensions read wherever a product is shown:
// the product list, the dashboard, a product card in a reply.
import type { ProductCategory } from '../../api/generated/model/productCategory';

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  granite: 'Granite',
  marble: 'Marble',
  quartz: 'Quartz',
  sink: 'Sink',
};

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
