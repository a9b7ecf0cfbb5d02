// Whether a request keeps the contract, decided from openapi.yaml alone: the
// schemas (checked by a JSON Schema validator that never converts types) and
// the rules the contract states in words:
//   - path and query values and multipart text fields are text; integers are
//     decimal digits and booleans `true` / `false`;
//   - no text holds the NUL character;
//   - a multipart form sends each text field once, files only under the file
//     fields it defines (one productImage), images that are PNG, JPEG, WebP
//     or GIF by content, and every part with its headers;
//   - a JSON body is JSON of the declared types, sent as application/json;
//   - every operation but the public ones needs the session cookie, and a
//     state-changing request from another site's Origin is refused.
// Positive properties use it to make sure what they send is valid; negative
// ones to make sure a mutation really broke the contract.
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { CONTRACT_PATH, createAjv, type Operation } from '../../app/openapi/openapi';
import type { Part, Shape } from './requests';
import { typesOf, type Schema } from './schema-arbitrary';

const ajv = createAjv();
const compiled = new WeakMap<object, ValidateFunction>();

function validator(schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Why `value` does not match `schema` ('' when it does). */
export function schemaErrors(schema: Schema, value: unknown, dataVar: string): string {
  const validate = validator(schema);
  return validate(value) ? '' : ajv.errorsText(validate.errors, { dataVar });
}

export type FileField = {
  multiple: boolean;
  contentType: string;
  /** The contract's x-max-bytes, per file. */ maxBytes?: number;
};

type Raw = Record<string, unknown>;
let rawDoc: Raw | undefined;

function resolve(node: unknown): Raw {
  rawDoc ??= parse(readFileSync(CONTRACT_PATH, 'utf8')) as Raw;
  let at = node as Raw;
  for (let depth = 0; at && typeof at.$ref === 'string' && depth < 20; depth++) {
    at = (at.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((object, key) => (object as Raw)?.[key], rawDoc) as Raw;
  }
  return at ?? {};
}

const fileFieldCache = new Map<string, Map<string, FileField>>();

/**
 * The file fields of an operation's multipart form, read from the contract
 * as written (format: binary, the encoding's content type): the
 * dereferenced schemas loadOperations gives leave the binary format out.
 */
export function fileFields(op: Operation): Map<string, FileField> {
  const cached = fileFieldCache.get(op.operationId);
  if (cached) return cached;
  rawDoc ??= parse(readFileSync(CONTRACT_PATH, 'utf8')) as Raw;
  const out = new Map<string, FileField>();
  const operation = ((rawDoc.paths as Raw)[op.path] as Raw)[op.method.toLowerCase()] as Raw;
  const media = (resolve(operation.requestBody).content as Raw | undefined)?.['multipart/form-data'] as Raw | undefined;
  if (media) {
    const schema = resolve(media.schema);
    const encoding = (media.encoding ?? {}) as Record<string, Raw>;
    for (const [name, node] of Object.entries((schema.properties ?? {}) as Raw)) {
      const property = resolve(node);
      const items = property.items ? resolve(property.items) : undefined;
      const binary = property.format === 'binary' || items?.format === 'binary';
      const maxBytes = (items?.['x-max-bytes'] ?? property['x-max-bytes']) as number | undefined;
      if (binary) {
        out.set(name, {
          multiple: property.type === 'array',
          contentType: String(encoding[name]?.contentType ?? 'application/octet-stream'),
          ...(typeof maxBytes === 'number' ? { maxBytes } : {}),
        });
      }
    }
  }
  fileFieldCache.set(op.operationId, out);
  return out;
}

/** The multipart form's schema without its file fields: what its text parts must match. */
export function textFormSchema(op: Operation): Schema | undefined {
  if (!op.multipartBody) return undefined;
  const files = fileFields(op);
  const schema = structuredClone(op.multipartBody) as Schema & {
    properties?: Record<string, Schema>;
    required?: string[];
  };
  for (const name of files.keys()) delete schema.properties?.[name];
  if (schema.required) schema.required = schema.required.filter((name) => !files.has(name));
  return schema;
}

/** A text value read the way the contract says text is read for this schema. */
export function readText(schema: Schema | undefined, text: string): unknown {
  const types = typesOf(schema);
  if ((types.has('integer') || types.has('number')) && /^-?\d+$/.test(text)) return Number(text);
  if (types.has('number') && /^-?\d+\.\d+$/.test(text)) return Number(text);
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

// The contract: text holds no NUL character and does not begin with a byte-order mark.
const badText = (text: string) => text.includes('\u0000') || text.startsWith('\uFEFF');
const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return badText(value);
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => badText(key) || hasNul(item));
  return false;
};

export function isImage(bytes: Buffer): boolean {
  const starts = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || starts([0xff, 0xd8, 0xff])) return true;
  if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return true;
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
}

/** Files one product form may carry (openapi.yaml's ProductCreateForm description). */
export const MAX_IMAGE_FILES = 30;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const FOREIGN_ORIGIN = 'https://attacker.example';

function formBreaches(op: Operation, parts: Part[]): string[] {
  const out: string[] = [];
  const files = fileFields(op);
  const schema = textFormSchema(op)!;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const values: Record<string, unknown> = {};
  const fileCount = new Map<string, number>();
  for (const part of parts) {
    if (part.rawHeaders === '') {
      out.push('a multipart part without headers');
      continue;
    }
    const isFile = part.filename !== undefined;
    const value = typeof part.value === 'string' ? part.value : part.value.toString('utf8');
    const file = files.get(part.name);
    if (file) {
      // A part of a file field is a file, with or without a filename (RFC 7578).
      const images = file.contentType.startsWith('image/');
      const bytes = typeof part.value === 'string' ? Buffer.from(part.value) : part.value;
      if (file.maxBytes !== undefined && bytes.length > file.maxBytes)
        out.push(`${part.name} is ${bytes.length} bytes, over ${file.maxBytes}`);
      // An empty image part clears (update) or is left out (create): it is no file.
      if (!images || bytes.length > 0) fileCount.set(part.name, (fileCount.get(part.name) ?? 0) + 1);
      if (images && bytes.length > 0 && !isImage(bytes)) out.push(`${part.name} is not a PNG, JPEG, WebP or GIF image`);
      if (part.filename?.includes('\u0000')) out.push(`${part.name}'s file name holds a NUL character`);
    } else if (part.name in properties) {
      const property = properties[part.name];
      const typed = typesOf(property).has('integer') || typesOf(property).has('boolean');
      if (isFile) out.push(`text field ${part.name} sent as a file part`);
      else if (part.name in values) out.push(`text field ${part.name} sent twice`);
      // A create reads an empty value as left out, except where '' cannot be one (stock, isActive).
      else if (op.method === 'POST' && value === '' && !typed) continue;
      else values[part.name] = readText(property, value);
      if (badText(value)) out.push(`${part.name} holds a NUL character or a leading byte-order mark`);
    } else if (isFile) {
      out.push(`a file part named ${part.name}, which the form does not define`);
    } else if (badText(value)) {
      out.push(`${part.name} holds a NUL character or a leading byte-order mark`);
    }
  }
  // The import form's maxProperties, read as the description says: parts in all, the file included.
  const maxParts = op.multipartBody?.maxProperties;
  if (typeof maxParts === 'number' && parts.length > maxParts) out.push(`${parts.length} parts, at most ${maxParts}`);
  // The product forms say it in words: at most 30 files in one form.
  const images = [...files]
    .filter(([, file]) => file.contentType.startsWith('image/'))
    .reduce((n, [name]) => n + (fileCount.get(name) ?? 0), 0);
  if (images > MAX_IMAGE_FILES) out.push(`${images} files in one form, at most ${MAX_IMAGE_FILES}`);
  for (const [name, file] of files) {
    const count = fileCount.get(name) ?? 0;
    if (!file.multiple && count > 1) out.push(`${count} files sent as ${name}, one at most`);
  }
  const required = ((op.multipartBody?.required ?? []) as string[]).filter((name) => files.has(name));
  for (const name of required) if (!fileCount.get(name)) out.push(`required file ${name} missing`);
  const errors = schemaErrors(schema, values, 'form');
  if (errors) out.push(errors);
  return out;
}

/** How the request breaks the contract; empty when it keeps it. */
export function breaches(op: Operation, shape: Shape): string[] {
  const out: string[] = [];
  if (op.params) {
    const properties = (op.params.properties ?? {}) as Record<string, Schema>;
    const values = Object.fromEntries(
      Object.entries(shape.params).map(([name, text]) => [name, readText(properties[name], text)]),
    );
    const errors = schemaErrors(op.params, values, 'path');
    if (errors) out.push(errors);
    if (hasNul(values)) out.push('a path parameter holds a NUL character');
  }
  if (shape.query.length > 0) {
    const schema = op.querystring ?? { type: 'object' };
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const values = Object.fromEntries(shape.query.map(([name, text]) => [name, readText(properties[name], text)]));
    const errors = schemaErrors(schema, values, 'query');
    if (errors) out.push(errors);
    if (hasNul(values)) out.push('a query parameter holds a NUL character');
  }
  const body = shape.body;
  if (op.jsonBody) {
    if (!body) out.push('no body');
    else if (body.kind === 'form') out.push('a multipart body where JSON is expected');
    else if (body.kind === 'raw' && body.unreadable) out.push(body.unreadable);
    else if (body.kind === 'raw' && !/^application\/json\s*(;|$)/i.test(body.contentType ?? ''))
      out.push(`content type ${body.contentType ?? '(none)'} where JSON is expected`);
    else {
      let value: unknown;
      let readable = true;
      if (body.kind === 'json') value = body.value;
      else {
        try {
          value = JSON.parse(body.payload.toString());
        } catch {
          readable = false;
          out.push('the body is not JSON');
        }
      }
      if (readable) {
        const errors = schemaErrors(op.jsonBody, value, 'body');
        if (errors) out.push(errors);
        if (hasNul(value)) out.push('the body holds a NUL character');
      }
    }
  } else if (op.multipartBody) {
    if (!body) out.push('no body');
    else if (body.kind === 'json') out.push('a JSON body where multipart is expected');
    else if (body.kind === 'raw')
      out.push(body.unreadable ?? `a ${body.contentType ?? 'typeless'} body where multipart is expected`);
    else out.push(...formBreaches(op, body.parts));
  }
  if (shape.cookie === 'none' && !op.public) out.push('no session cookie');
  if (STATE_CHANGING.has(op.method) && shape.headers.origin === FOREIGN_ORIGIN)
    out.push(`Origin ${FOREIGN_ORIGIN}, another site`);
  return out;
}

/** Why an answer is not an ErrorResponse ({ message: string }), or ''. */
export function notAnErrorResponse(answer: { headers: Record<string, unknown>; body: string }): string {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content type ${type || '(none)'} instead of application/json`;
  try {
    const body = JSON.parse(answer.body) as { message?: unknown };
    if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
    if (typeof body.message !== 'string' || body.message.length === 0) return 'the body has no message text';
    return '';
  } catch {
    return 'the body is not JSON';
  }
}
