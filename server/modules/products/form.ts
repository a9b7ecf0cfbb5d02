// The product multipart form: parts are read into memory (each image up to
// the configured limit), text fields are checked against the contract's
// ProductCreateForm / ProductUpdateForm schemas, and images against their
// bytes. Semantics, as openapi.yaml states them for PATCH:
//   a field left out  → unchanged
//   a field sent empty → cleared (null, or no installation images)
import type { FastifyRequest } from 'fastify';
import { createAjv, operation } from '../../contract/openapi';
import { badRequest, HttpError } from '../../errors';
import { sniffImage, type ImageType } from './images';

export type UploadedImage = { bytes: Buffer; type: ImageType };

export type ProductForm = {
  /** Contract-typed text fields (coerced: stock is a number, isActive a boolean). */
  values: Record<string, unknown>;
  /** Text fields sent empty. */
  cleared: Set<string>;
  /** undefined: not sent; null: sent empty (clear); else the new image. */
  productImage?: UploadedImage | null;
  installationImages?: UploadedImage[] | null;
};

const FILE_FIELDS = new Set(['productImage', 'installationImages']);
const ajv = createAjv({ coerceTypes: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function validatorFor(operationId: 'createProduct' | 'updateProduct') {
  let validate = validators.get(operationId);
  if (!validate) {
    const schema = structuredClone(operation(operationId).multipartBody) as { properties: Record<string, unknown>; required?: string[] };
    for (const field of FILE_FIELDS) delete schema.properties[field];
    validate = ajv.compile(schema);
    validators.set(operationId, validate);
  }
  return validate;
}

export async function readProductForm(
  request: FastifyRequest,
  operationId: 'createProduct' | 'updateProduct',
  maxImageBytes: number,
): Promise<ProductForm> {
  const text: Record<string, string> = {};
  const files: Record<string, Buffer[]> = { productImage: [], installationImages: [] };
  const emptyFiles = new Set<string>();
  try {
    for await (const part of request.parts({ limits: { fileSize: maxImageBytes, files: 30, fields: 50 } })) {
      if (part.type === 'file') {
        if (!FILE_FIELDS.has(part.fieldname)) {
          await part.toBuffer();
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length === 0) emptyFiles.add(part.fieldname);
        else files[part.fieldname].push(bytes);
      } else {
        text[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`Each image must be at most ${Math.floor(maxImageBytes / 1024 / 1024)} MB`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(422, 'Invalid request: expected a multipart/form-data body');
    if (code?.startsWith('FST_')) throw badRequest(`The form could not be read: ${(error as Error).message}`);
    throw error;
  }

  const cleared = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(text)) {
    if (FILE_FIELDS.has(field)) {
      // A file field sent as an empty text part: clear it.
      if (value === '') emptyFiles.add(field);
      continue;
    }
    if (value === '') cleared.add(field);
    else values[field] = value;
  }
  if (operationId === 'createProduct') cleared.clear();

  const validate = validatorFor(operationId);
  if (!validate(values)) {
    throw new HttpError(422, `Invalid request: ${ajv.errorsText(validate.errors, { dataVar: 'form' })}`);
  }

  const image = (bytes: Buffer, field: string): UploadedImage => {
    const type = sniffImage(bytes);
    if (!type) throw badRequest(`${field} must be a PNG, JPEG, WebP or GIF image`);
    return { bytes, type };
  };
  const form: ProductForm = { values, cleared };
  if (files.productImage.length > 1) throw badRequest('Send one productImage at most');
  if (files.productImage.length === 1) form.productImage = image(files.productImage[0], 'productImage');
  else if (emptyFiles.has('productImage') && operationId === 'updateProduct') form.productImage = null;
  if (files.installationImages.length > 0) form.installationImages = files.installationImages.map((b) => image(b, 'installationImages'));
  else if (emptyFiles.has('installationImages') && operationId === 'updateProduct') form.installationImages = null;
  return form;
}
