import { describe, expect, it } from 'vitest';
import { productFormSchema, type ProductFormValues } from '../product-form-schema';
import type { Product } from '../../../api/generated/model/product';
import { NEW_PRODUCT_VALUES, productToFormValues, toProductBody, toProductUpdateBody } from '../product-form-values';

const valid: ProductFormValues = {
  ...NEW_PRODUCT_VALUES,
  name: 'Absolute Black Granite',
  startingPrice: '8500',
  endingPrice: '12000',
};
const errorsOf = (values: ProductFormValues) => {
  const result = productFormSchema.safeParse(values);
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
};
const png = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('product form validation', () => {
  it('names each missing required field', () => {
    expect(errorsOf(NEW_PRODUCT_VALUES)).toEqual({
      name: 'Product name is required',
      startingPrice: 'Starting price is required',
      endingPrice: 'Ending price is required',
    });
    expect(errorsOf({ ...valid, name: '   ' }).name).toBe('Product name is required');
  });

  it('takes prices in steps of 0.01 and refuses other amounts', () => {
    expect(errorsOf({ ...valid, startingPrice: '8500.55', endingPrice: '12000.5' })).toEqual({});
    expect(errorsOf({ ...valid, startingPrice: '8500.555' }).startingPrice).toMatch(/at most two decimals/);
    expect(errorsOf({ ...valid, startingPrice: '-1' }).startingPrice).toMatch(/0 or more/);
    expect(errorsOf({ ...valid, installationPricePerSlab: '1e3' }).installationPricePerSlab).toMatch(
      /at most two decimals/,
    );
  });

  it('refuses an ending price below the starting price, and accepts equal prices', () => {
    expect(errorsOf({ ...valid, startingPrice: '12000', endingPrice: '8500' })).toEqual({
      endingPrice: 'Ending price cannot be lower than the starting price',
    });
    expect(errorsOf({ ...valid, startingPrice: '9.99', endingPrice: '9.99' })).toEqual({});
  });

  it('wants stock as a whole number of 0 or more', () => {
    for (const stock of ['', '-1', '2.5', 'x'])
      expect(errorsOf({ ...valid, stock }).stock).toBe('Stock must be a whole number of 0 or more');
    expect(errorsOf({ ...valid, stock: '12' })).toEqual({});
  });
});

describe('product body', () => {
  it('omits empty values and sends stone fields for stones only', () => {
    const output = productFormSchema.parse({
      ...valid,
      color: 'Black',
      material: 'Ceramic',
      installationPricePerSlab: ' 2500 ',
      dimensions: ' ',
      stock: '3',
    });
    expect(toProductBody(output)).toEqual({
      name: 'Absolute Black Granite',
      category: 'granite',
      startingPrice: '8500',
      endingPrice: '12000',
      color: 'Black',
      installationPricePerSlab: '2500',
      stock: 3,
      isActive: true,
    });
  });

  it('sends sink fields for sinks only, with the images', () => {
    const image = png('sink.png');
    const installs = [png('a.png'), png('b.png')];
    const output = productFormSchema.parse({
      ...valid,
      category: 'sink',
      color: 'Black',
      installationPricePerSlab: '2500',
      material: 'Fireclay',
      bowlConfiguration: '1.5 Bowl',
      isActive: false,
      productImage: image,
      installationImages: installs,
    });
    const body = toProductBody(output);
    expect(body).toMatchObject({
      category: 'sink',
      material: 'Fireclay',
      bowlConfiguration: '1.5 Bowl',
      isActive: false,
      productImage: image,
      installationImages: installs,
    });
    expect(body).not.toHaveProperty('color');
    expect(body).not.toHaveProperty('installationPricePerSlab');
  });

  it('refuses a file that is not an image', () => {
    const pdf = new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' });
    expect(errorsOf({ ...valid, productImage: pdf }).productImage).toBe('Choose an image file');
  });

  it('fills the edit form from a product, and an unchanged product validates', () => {
    const values = productToFormValues({
      id: 7,
      name: 'Calacatta Gold Quartz',
      category: 'quartz',
      dimensions: null,
      description: null,
      startingPrice: 18000,
      endingPrice: 24500.5,
      color: 'Gold',
      installationPricePerSlab: null,
      material: null,
      bowlConfiguration: null,
      stock: 8,
      isActive: true,
      productImageUrl: '/uploads/products/calacatta-gold-quartz.svg',
      installationImageUrls: [],
    });
    // The product has no descriptionSw (a backend that does not keep one): the input starts empty.
    expect(values).toMatchObject({
      dimensions: '',
      descriptionSw: '',
      endingPrice: '24500.5',
      installationPricePerSlab: '',
      stock: '8',
      productImage: null,
    });
    expect(errorsOf(values)).toEqual({});
  });
});

describe('product update body', () => {
  const granite: Product = {
    id: 1,
    name: 'Absolute Black Granite',
    category: 'granite',
    dimensions: '3000 x 1800',
    description: 'Deep black, polished.',
    startingPrice: 8500,
    endingPrice: 12000,
    color: 'Black',
    installationPricePerSlab: 2500,
    material: null,
    bowlConfiguration: null,
    stock: 14,
    isActive: true,
    productImageUrl: null,
    installationImageUrls: [],
  };
  const sink: Product = {
    ...granite,
    id: 11,
    name: 'Blanco Silgranit Single Bowl Sink',
    category: 'sink',
    color: null,
    installationPricePerSlab: null,
    material: 'Granite Composite',
    bowlConfiguration: 'Single Bowl',
  };
  const edit = (stored: Product, change: Partial<ProductFormValues>) =>
    toProductUpdateBody(productFormSchema.parse({ ...productToFormValues(stored), ...change }), stored);

  it('sends a field the user emptied as empty (clear), and leaves out one that was already empty', () => {
    const body = edit({ ...granite, installationPricePerSlab: null }, { description: '  ', dimensions: '' });
    expect(body).toMatchObject({ description: '', dimensions: '', color: 'Black' });
    expect(body).not.toHaveProperty('installationPricePerSlab');
  });

  it('an unchanged product sends nothing empty', () => {
    expect(Object.values(edit(granite, {}))).not.toContain('');
  });

  it('stone → sink clears color and installationPricePerSlab', () => {
    const body = edit(granite, { category: 'sink', material: 'Fireclay' });
    expect(body).toMatchObject({ category: 'sink', material: 'Fireclay', color: '', installationPricePerSlab: '' });
    expect(body).not.toHaveProperty('bowlConfiguration');
  });

  it('sink → stone clears material and bowlConfiguration', () => {
    const body = edit(sink, { category: 'marble', color: 'White' });
    expect(body).toMatchObject({ category: 'marble', color: 'White', material: '', bowlConfiguration: '' });
    expect(body).not.toHaveProperty('installationPricePerSlab');
  });

  it('granite → quartz keeps the stone fields', () => {
    const body = edit(granite, { category: 'quartz' });
    expect(body).toMatchObject({ category: 'quartz', color: 'Black', installationPricePerSlab: '2500' });
    expect(body).not.toHaveProperty('material');
  });

  it('sends the Swahili description, clears it when emptied, and never sends it to a backend without one unless typed', () => {
    const swahili = { ...granite, descriptionSw: 'Nyeusi, iliyong\u2019arishwa.' };
    expect(edit(swahili, {})).toMatchObject({ descriptionSw: 'Nyeusi, iliyong\u2019arishwa.' });
    expect(edit(swahili, { descriptionSw: ' ' })).toMatchObject({
      descriptionSw: '',
      description: 'Deep black, polished.',
    });
    expect(edit(granite, {})).not.toHaveProperty('descriptionSw');
    expect(edit(granite, { descriptionSw: ' Nyeusi kabisa ' })).toMatchObject({ descriptionSw: 'Nyeusi kabisa' });
    expect(errorsOf({ ...valid, descriptionSw: 'a'.repeat(2001) }).descriptionSw).toBe('Use at most 2000 characters');
  });

  it('create still omits empty values', () => {
    const body = toProductBody(productFormSchema.parse({ ...valid, description: '', dimensions: '' }));
    expect(Object.values(body)).not.toContain('');
    expect(body).not.toHaveProperty('description');
  });
});
