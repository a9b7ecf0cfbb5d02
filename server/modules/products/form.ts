// The product multipart form and the CSV import form. Only the file fields
// the contract defines are read (each image up to the configured limit, the
// CSV file up to the contract's limit); any other file part, or a text field
// sent as a file, is refused with 422 before it is read, and the rest of the
// body is discarded unread. A part of a file field is a file whether or not
// it names a filename (RFC 7578 makes it optional): its bytes say whether it
// is an image. Text fields are checked against the contract's
// ProductCreateForm / ProductUpdateForm schemas, and images against their
// bytes. Semantics, as openapi.yaml states them for PATCH:
//   a field left out  → unchanged
//   a field sent empty → cleared (null, or no installation images); a field
//                        that cannot be cleared is refused (422)
// On create an optional field sent empty is left out. stock and isActive have
// no empty form on either: '' is neither an integer nor a boolean (422).
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { createAjv, NUL_MESSAGE, operation, unstorableText } from '../../app/openapi/openapi';
import { badRequest, HttpError } from '../../app/errors';
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

const FILE_FIELDS: ReadonlySet<string> = new Set(['productImage', 'installationImages']);
const IMPORT_FILE_FIELDS: ReadonlySet<string> = new Set(['file']);
/** One productImage and up to 29 installationImages, as openapi.yaml states. */
const MAX_FILES = 30;
/** Text fields are short (a description is at most 2000 characters). */
const MAX_TEXT_BYTES = 64 * 1024;
/** Text parts in one product form, as openapi.yaml states (the form defines 14). */
const MAX_TEXT_FIELDS = 50;
/** Parts in one CSV import form, the file included, as openapi.yaml states (ProductImportForm maxProperties). */
const MAX_IMPORT_PARTS = 20;
const unprocessable = (message: string) => new HttpError(422, `Invalid request: ${message}`);
/** A client's field name as a message may quote it: short, without control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it replaces
const named = (field: string) => field.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 100);

type Part = MultipartFile | MultipartValue;

const CRLF = Buffer.from('\r\n');
const BLANK_LINE = Buffer.from('\r\n\r\n');
/** More header than any browser sends for one part; the parser refuses such parts itself. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

/**
 * Watches the raw body for parts whose headers do not name a form field:
 * every part must carry `Content-Disposition: form-data; name=...`. The
 * parser skips such a part without a word, which would silently drop what
 * the client sent; it is a malformed body instead. `problem` says what was
 * found. Only the bytes around a delimiter are kept.
 */
function partHeaderCheck(contentType: string | undefined) {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const check = { problem: undefined as string | undefined, feed: (_chunk: Buffer) => {} };
  if (!boundary) return check;
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  // The first delimiter may open the body without a line break before it.
  let pending: Buffer = CRLF;
  let inHeaders = false;
  let done = false;
  check.feed = (chunk) => {
    if (done) return;
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!inHeaders) {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          pending = pending.subarray(Math.max(0, pending.length - delimiter.length - 2));
          return;
        }
        // After the delimiter: "--" closes the body; else the rest of the line, then the part's headers.
        const after = pending.subarray(at + delimiter.length);
        if (after.length < 2) {
          pending = pending.subarray(at);
          return;
        }
        if (after[0] === 0x2d && after[1] === 0x2d) {
          done = true;
          return;
        }
        const lineEnd = after.indexOf(CRLF);
        if (lineEnd < 0) {
          // A delimiter line runs on without end: the parser refuses that body itself.
          if (after.length > 1024) done = true;
          pending = pending.subarray(at);
          return;
        }
        pending = after.subarray(lineEnd + 2);
        inHeaders = true;
      }
      // The headers end at the first blank line; a part without headers starts with it.
      const end = pending.subarray(0, 2).equals(CRLF) ? 0 : pending.indexOf(BLANK_LINE);
      if (end < 0) {
        if (pending.length > MAX_PART_HEADER_BYTES) done = true;
        return;
      }
      const headers = pending.subarray(0, end).toString('latin1').split('\r\n');
      const disposition = headers.find((line) => /^content-disposition\s*:/i.test(line));
      if (!disposition || !/^content-disposition\s*:\s*form-data\s*;(.*;)?\s*name\s*=/i.test(disposition)) {
        check.problem = 'a part of the form has no Content-Disposition header naming its field';
        done = true;
        return;
      }
      // Keep the blank line's break: an empty body is followed at once by the next delimiter.
      pending = pending.subarray(end + 2);
      inHeaders = false;
    }
  };
  return check;
}

/**
 * Reads a multipart body part by part. `onPart` sees each part as it starts;
 * a file part must be read (toBuffer) or refused by `onPart` throwing. When
 * anything is refused the body is abandoned: the part in progress is closed
 * and the rest of the request is read and discarded, never stored, so the
 * answer goes out at once and the connection stays usable. A body that is
 * not well-formed multipart is a 400 with a plain message.
 */
export async function readParts(
  request: FastifyRequest,
  form: {
    limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number };
    /** Field names whose parts are files even without a filename. */
    fileFields: ReadonlySet<string>;
  },
  onPart: (part: Part) => Promise<void>,
  tooLarge: () => HttpError,
): Promise<void> {
  let current: Part | undefined;
  const { limits, fileFields } = form;
  const headerCheck = partHeaderCheck(request.headers['content-type']);
  const malformed = () => badRequest(`The form could not be read as multipart/form-data: ${headerCheck.problem}`);
  try {
    const parts = request.parts({
      limits: { ...limits, headerPairs: 20 },
      // The parser's own rule (a filename, or application/octet-stream) plus
      // the form's file fields: an image sent without a filename is still a file.
      isPartAFile: (field, contentType, filename) =>
        filename !== undefined || contentType === 'application/octet-stream' || fileFields.has(field ?? ''),
    });
    // Beside the parser, on the same bytes: it has seen each part's headers before the part is handed over.
    request.raw.on('data', headerCheck.feed);
    for await (const part of parts) {
      current = part;
      if (headerCheck.problem) throw malformed();
      await onPart(part);
      current = undefined;
    }
    if (headerCheck.problem) throw malformed();
  } catch (error) {
    if (current?.type === 'file') current.file.destroy();
    request.raw.unpipe();
    request.raw.resume();
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw unprocessable('expected a multipart/form-data body');
    if (code === 'FST_FILES_LIMIT') throw unprocessable(`send at most ${limits.files} files in one form`);
    if (code === 'FST_FIELDS_LIMIT')
      throw unprocessable(`the form has too many fields: send at most ${limits.fields} text fields`);
    if (code === 'FST_PARTS_LIMIT')
      throw unprocessable(`the form has too many fields: send at most ${limits.parts} parts`);
    // Anything else the parser raises (a part without headers, a missing or
    // wrong boundary, a body cut short) means the body is not multipart.
    throw badRequest('The form could not be read as multipart/form-data');
  } finally {
    request.raw.off('data', headerCheck.feed);
  }
}

// How a multipart text field writes the contract's non-text types; Ajv then
// reads the text as that type.
type TextForm = { pattern: RegExp; says: string };
const TEXT_FORMS: Record<string, TextForm> = {
  integer: { pattern: /^-?\d+$/, says: 'must be an integer written in decimal digits' },
  boolean: { pattern: /^(true|false)$/, says: 'must be true or false' },
};

const ajv = createAjv({ coerceTypes: true });
type FormValidator = {
  validate: ReturnType<typeof ajv.compile>;
  textForms: Record<string, TextForm>;
  fields: Set<string>;
};
const validators = new Map<string, FormValidator>();

function validatorFor(operationId: 'createProduct' | 'updateProduct'): FormValidator {
  let validator = validators.get(operationId);
  if (!validator) {
    const schema = structuredClone(operation(operationId).multipartBody) as {
      properties: Record<string, { type?: unknown }>;
      required?: string[];
    };
    for (const field of FILE_FIELDS) delete schema.properties[field];
    const textForms = Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([, property]) => typeof property.type === 'string' && property.type in TEXT_FORMS)
        .map(([field, property]) => [field, TEXT_FORMS[property.type as string]]),
    );
    validator = { validate: ajv.compile(schema), textForms, fields: new Set(Object.keys(schema.properties)) };
    validators.set(operationId, validator);
  }
  return validator;
}

export async function readProductForm(
  request: FastifyRequest,
  operationId: 'createProduct' | 'updateProduct',
  maxImageBytes: number,
): Promise<ProductForm> {
  const { validate, textForms, fields: textFields } = validatorFor(operationId);
  const text: Record<string, string> = {};
  const files: Record<string, Buffer[]> = { productImage: [], installationImages: [] };
  const emptyFiles = new Set<string>();
  const mb = Math.floor(maxImageBytes / 1024 / 1024);
  await readParts(
    request,
    {
      limits: {
        fileSize: maxImageBytes,
        files: MAX_FILES,
        fields: MAX_TEXT_FIELDS,
        fieldSize: MAX_TEXT_BYTES,
        parts: MAX_FILES + MAX_TEXT_FIELDS,
      },
      fileFields: FILE_FIELDS,
    },
    async (part) => {
      const field = part.fieldname;
      if (part.type === 'file') {
        if (textFields.has(field)) throw unprocessable(`${field} must be sent as a text field, not as a file`);
        if (!FILE_FIELDS.has(field)) throw unprocessable(`the form has no file field "${named(field)}"`);
        const bytes = await part.toBuffer();
        if (bytes.length === 0) emptyFiles.add(field);
        else files[field].push(bytes);
        return;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw unprocessable(`${named(field)} is too long`);
      const value = String(part.value ?? '');
      if (Object.hasOwn(text, field)) throw unprocessable(`send ${named(field)} once`);
      if (unstorableText(value)) throw unprocessable(`form/${named(field)} ${NUL_MESSAGE}`);
      text[field] = value;
    },
    () => badRequest(`Each image must be at most ${mb} MB`),
  );

  const cleared = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(text)) {
    // Checked before emptiness: '' is no integer or boolean (stock, isActive), on create as on update.
    const form = textForms[field];
    if (form && !form.pattern.test(value)) throw unprocessable(`form/${field} ${form.says}`);
    if (value === '') cleared.add(field);
    else values[field] = value;
  }
  // Create: an empty value is left out. Update: it clears the field, where the schema takes ''.
  if (operationId === 'createProduct') cleared.clear();
  for (const field of cleared) {
    if (!validate({ [field]: '' })) throw unprocessable(`form/${field} cannot be empty`);
  }

  if (!validate(values)) {
    throw unprocessable(ajv.errorsText(validate.errors, { dataVar: 'form' }));
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
  if (files.installationImages.length > 0)
    form.installationImages = files.installationImages.map((b) => image(b, 'installationImages'));
  else if (emptyFiles.has('installationImages') && operationId === 'updateProduct') form.installationImages = null;
  return form;
}

/**
 * The CSV import's one part, `file`, with or without a filename, of at most
 * `maxBytes`. A second one, or a file part of any other name, is refused
 * with 422 before it is read. Other text parts are ignored (each read up to
 * MAX_TEXT_BYTES and dropped); the form holds at most MAX_IMPORT_PARTS parts
 * in all, the file included.
 */
export async function readImportFile(request: FastifyRequest, maxBytes: number): Promise<string> {
  const mb = maxBytes / 1024 / 1024;
  const tooLarge = () => badRequest('The CSV file is too large', `The CSV file must be at most ${mb} MB`);
  let text: string | undefined;
  await readParts(
    request,
    {
      limits: {
        fileSize: maxBytes,
        // Two are let through the parser so that a second file gets a clear answer.
        files: 2,
        fields: MAX_IMPORT_PARTS,
        fieldSize: MAX_TEXT_BYTES,
        parts: MAX_IMPORT_PARTS,
      },
      fileFields: IMPORT_FILE_FIELDS,
    },
    async (part) => {
      if (part.type !== 'file') return;
      if (part.fieldname !== 'file')
        throw unprocessable(`the form has no file field "${named(part.fieldname)}"; send the CSV file as "file"`);
      if (text !== undefined) throw unprocessable('send one CSV file in the field "file"');
      text = (await part.toBuffer()).toString('utf8');
    },
    tooLarge,
  );
  if (text === undefined) throw badRequest('Send the CSV file in the field "file"', 'No file was sent');
  return text;
}
