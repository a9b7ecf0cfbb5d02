import { describe, expect, it } from 'vitest';
import type { Product } from '../../../api/generated/model/product';
import { formatDimensions } from '../../../lib/format/product';
import { productDetails, productPriceRange, stockText } from '../product-display';

const base: Product = {
  id: 1,
  name: 'Absolute Black Granite',
  category: 'granite',
  startingPrice: 8500,
  endingPrice: 12000,
  stock: 14,
  isActive: true,
  installationImageUrls: [],
};

describe('price range', () => {
  it("reads 'start - end KES' with thousands separators and up to two decimals", () => {
    expect(productPriceRange(base)).toBe('8,500 - 12,000 KES');
    expect(productPriceRange({ ...base, startingPrice: 18000, endingPrice: 24500.5 })).toBe('18,000 - 24,500.5 KES');
    expect(productPriceRange({ ...base, startingPrice: 0, endingPrice: 1234567.89 })).toBe('0 - 1,234,567.89 KES');
  });
});

describe('dimensions', () => {
  it('reads length x width (x height) in mm, whatever the spacing or the x', () => {
    expect(formatDimensions('3000 x 1800 x 20')).toBe('3000 x 1800 x 20 mm');
    expect(formatDimensions('3000x1800x20')).toBe('3000 x 1800 x 20 mm');
    expect(formatDimensions(' 1160 X 500 × 200 ')).toBe('1160 x 500 x 200 mm');
    expect(formatDimensions('3000x1800')).toBe('3000 x 1800 mm');
  });
  it('shows other text as typed, and nothing when there are no dimensions', () => {
    expect(formatDimensions('Custom cut to order')).toBe('Custom cut to order');
    expect(formatDimensions('3000 mm x 1800 mm')).toBe('3000 mm x 1800 mm');
    expect(formatDimensions(null)).toBe('');
    expect(formatDimensions(undefined)).toBe('');
    expect(formatDimensions('  ')).toBe('');
  });
});

describe('details', () => {
  it('shows colour and installation price per slab for stones', () => {
    expect(productDetails({ ...base, color: 'Black', installationPricePerSlab: 2500 })).toEqual([
      'Black',
      'Installation: 2,500 KES/slab',
    ]);
    expect(productDetails({ ...base, category: 'quartz', color: 'Gold', installationPricePerSlab: 4000.5 })).toEqual([
      'Gold',
      'Installation: 4,000.5 KES/slab',
    ]);
  });
  it('leaves out the installation price when it is not set (but shows 0)', () => {
    expect(productDetails({ ...base, color: 'Brown', installationPricePerSlab: null })).toEqual(['Brown']);
    expect(productDetails({ ...base, color: null, installationPricePerSlab: 0 })).toEqual(['Installation: 0 KES/slab']);
  });
  it('shows material and bowl configuration for sinks, never a colour', () => {
    const sink: Product = {
      ...base,
      category: 'sink',
      material: 'Stainless Steel',
      bowlConfiguration: 'Double Bowl',
      color: 'Black',
      installationPricePerSlab: 100,
    };
    expect(productDetails(sink)).toEqual(['Stainless Steel', 'Double Bowl']);
    expect(productDetails({ ...sink, bowlConfiguration: null })).toEqual(['Stainless Steel']);
  });
});

describe('stock', () => {
  it('reads as a count in stock, or out of stock at 0', () => {
    expect(stockText(1250)).toBe('1,250 in stock');
    expect(stockText(1)).toBe('1 in stock');
    expect(stockText(0)).toBe('Out of stock');
  });
});
