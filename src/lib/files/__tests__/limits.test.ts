import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { MAX_CSV_BYTES, MAX_IMAGE_BYTES } from '../limits';

type Field = { 'x-max-bytes'?: number; items?: { 'x-max-bytes'?: number } };
type Contract = { components: { schemas: Record<string, { properties: Record<string, Field> }> } };

// The server reads these limits from openapi.yaml at start; the dashboard
// checks files against its own constants before uploading. They must agree,
// or the dashboard sends files the server refuses (or refuses files it takes).
describe('upload limits', () => {
  const schemas = (parse(readFileSync('openapi.yaml', 'utf8')) as Contract).components.schemas;

  it('the CSV import limit is the one openapi.yaml states', () => {
    expect(schemas.ProductImportForm.properties.file['x-max-bytes']).toBe(MAX_CSV_BYTES);
  });

  it('the image limit is the one openapi.yaml states on every image field', () => {
    for (const form of ['ProductCreateForm', 'ProductUpdateForm']) {
      const { productImage, installationImages } = schemas[form].properties;
      expect(productImage['x-max-bytes'], form).toBe(MAX_IMAGE_BYTES);
      expect(installationImages.items?.['x-max-bytes'], form).toBe(MAX_IMAGE_BYTES);
    }
  });
});
