import { describe, expect, it } from 'vitest';
import type { Product } from '../../../api/generated/model/product';
import { createProductSearch, filterProducts } from '../search';

const product = (id: number, fields: Partial<Product>): Product => ({
  id,
  name: `Product ${id}`,
  category: 'granite',
  startingPrice: 1000,
  endingPrice: 2000,
  stock: 0,
  isActive: true,
  installationImageUrls: [],
  ...fields,
});

const catalogue = [
  product(1, { name: 'Absolute Black Granite', category: 'granite', color: 'Black' }),
  product(2, { name: 'Carrara White Marble', category: 'marble', color: 'White', description: 'black veins' }),
  product(3, { name: 'Franke Double Bowl Sink', category: 'sink', material: 'Stainless Steel', color: null }),
  product(4, {
    name: 'Blanco Silgranit',
    category: 'sink',
    material: 'Granite Composite',
    bowlConfiguration: 'Single Bowl',
  }),
];
const names = (list: readonly Product[]) => list.map((p) => p.name);

describe('product search', () => {
  it('matches the name, ignoring case', () => {
    expect(names(filterProducts(catalogue, 'carrara'))).toEqual(['Carrara White Marble']);
    expect(names(filterProducts(catalogue, 'FRANKE'))).toEqual(['Franke Double Bowl Sink']);
  });

  it('matches the category, the colour and the material', () => {
    expect(names(filterProducts(catalogue, 'Marble'))).toEqual(['Carrara White Marble']);
    expect(names(filterProducts(catalogue, 'sink'))).toEqual(['Franke Double Bowl Sink', 'Blanco Silgranit']);
    expect(names(filterProducts(catalogue, 'white'))).toEqual(['Carrara White Marble']);
    expect(names(filterProducts(catalogue, 'stainless'))).toEqual(['Franke Double Bowl Sink']);
    // "granite" is a category, a name and a sink material
    expect(names(filterProducts(catalogue, 'granite'))).toEqual(['Absolute Black Granite', 'Blanco Silgranit']);
  });

  it('does not search other fields such as the description or the bowl configuration', () => {
    expect(names(filterProducts(catalogue, 'veins'))).toEqual([]);
    expect(names(filterProducts(catalogue, 'single bowl'))).toEqual([]);
  });

  it('does not match across two fields', () => {
    // name "…Granite" followed by category "granite"
    expect(filterProducts(catalogue, 'granite granite')).toEqual([]);
  });

  it('gives every product for an empty or blank query, and trims the query', () => {
    expect(filterProducts(catalogue, '')).toBe(catalogue);
    expect(filterProducts(catalogue, '   ')).toBe(catalogue);
    expect(names(filterProducts(catalogue, '  carrara '))).toEqual(['Carrara White Marble']);
  });

  it('keeps the list order and reuses one index for many queries', () => {
    const search = createProductSearch(catalogue);
    expect(names(search('a')).length).toBe(4);
    expect(names(search('ite'))).toEqual(['Absolute Black Granite', 'Carrara White Marble', 'Blanco Silgranit']);
    expect(search('no such thing')).toEqual([]);
  });
});
