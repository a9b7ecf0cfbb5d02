// openapi.yaml, read at start-up and turned into route definitions: the
// method, path, parameters and JSON bodies each route accepts come from the
// contract, so the server cannot drift from it. Multipart forms are checked
// against the same schemas once their parts are read (see products/form.ts),
// file size limits come from the contract's x-max-bytes, and in tests every
// response is checked against the contract too.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';
import { parse } from 'yaml';

import { CONTRACT_FILE } from '../paths';

export const CONTRACT_PATH = CONTRACT_FILE;

type Schema = Record<string, unknown>;
type OpenApiDoc = { paths: Record<string, Record<string, unknown>>; components: Record<string, Record<string, unknown>> };

export type Operation = {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify form: /api/products/:id */
  url: string;
  /** The contract's path: /api/products/{id} */
  path: string;
  public: boolean;
  params?: Schema;
  querystring?: Schema;
  jsonBody?: Schema;
  multipartBody?: Schema;
  /** status → content type → schema (undefined: no body) */
  responses: Record<string, Record<string, Schema | undefined>>;
};

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
// OpenAPI annotations that are not JSON Schema validation keywords.
const DROP = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator']);

/** Inlines every local $ref and drops annotation-only keywords. */
function deref(doc: OpenApiDoc, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => deref(doc, item, seen));
  if (!node || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  if (typeof object.$ref === 'string') {
    const ref = object.$ref;
    if (seen.includes(ref)) throw new Error(`recursive $ref ${ref} is not supported`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], doc);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    return deref(doc, target, [...seen, ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (DROP.has(key)) continue;
    // Formats that only describe (a password field, a file part).
    if (key === 'format' && (value === 'password' || value === 'binary')) continue;
    out[key] = key === 'properties' ? mapValues(value as Record<string, unknown>, (v) => deref(doc, v, seen)) : deref(doc, value, seen);
  }
  return out;
}

const mapValues = (object: Record<string, unknown>, fn: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));

type Parameter = { name: string; in: string; required?: boolean; schema: Schema };

function parameterSchema(parameters: Parameter[], where: string): Schema | undefined {
  const selected = parameters.filter((p) => p.in === where);
  if (selected.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [p.name, p.schema])),
    required: selected.filter((p) => p.required).map((p) => p.name),
  };
}

let cached: Operation[] | undefined;

export function loadOperations(path = CONTRACT_PATH): Operation[] {
  if (cached && path === CONTRACT_PATH) return cached;
  const raw = parse(readFileSync(path, 'utf8')) as OpenApiDoc;
  const rootSecurity = (raw as unknown as { security?: unknown[] }).security ?? [];
  const operations: Operation[] = [];
  for (const [contractPath, item] of Object.entries(raw.paths)) {
    const shared = ((item.parameters ?? []) as unknown[]).map((p) => deref(raw, p) as Parameter);
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const parameters = [...shared, ...((op.parameters ?? []) as unknown[]).map((p) => deref(raw, p) as Parameter)];
      const content = ((deref(raw, op.requestBody) as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {});
      const responses: Operation['responses'] = {};
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        const resolved = deref(raw, response) as { content?: Record<string, { schema?: Schema }> };
        responses[status] = Object.fromEntries(
          Object.entries(resolved.content ?? {}).map(([type, media]) => [type, media.schema]),
        );
      }
      const security = (op.security as unknown[] | undefined) ?? rootSecurity;
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase() as Operation['method'],
        path: contractPath,
        url: contractPath.replace(/\{(\w+)\}/g, ':$1'),
        public: security.length === 0,
        params: parameterSchema(parameters, 'path'),
        querystring: parameterSchema(parameters, 'query'),
        jsonBody: content['application/json']?.schema,
        multipartBody: content['multipart/form-data']?.schema,
        responses,
      });
    }
  }
  if (path === CONTRACT_PATH) cached = operations;
  return operations;
}

export function operation(operationId: string): Operation {
  const found = loadOperations().find((op) => op.operationId === operationId);
  if (!found) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return found;
}

/**
 * A file field's size limit in bytes: the contract states it as
 * `x-max-bytes` beside the field (on the items of a list of files).
 */
export function maxBytes(operationId: string, field: string): number {
  const property = (operation(operationId).multipartBody?.properties as Record<string, Schema> | undefined)?.[field];
  const limit = property?.['x-max-bytes'] ?? (property?.items as Schema | undefined)?.['x-max-bytes'];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw new Error(`openapi.yaml states no x-max-bytes for ${field} of ${operationId}`);
  }
  return limit;
}

/** A JSON Schema validator (2020-12, as OpenAPI 3.1) with the contract's formats. */
export function createAjv(options: { coerceTypes?: boolean | 'array'; allErrors?: boolean } = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: options.allErrors ?? true, coerceTypes: options.coerceTypes ?? false, useDefaults: false });
  addFormats.default(ajv);
  // A date-time must also be an instant the server can hold: RFC 3339 allows
  // a leap second (23:59:60), which no JavaScript Date or database accepts.
  const rfc3339 = ajv.formats['date-time'] as { validate: (text: string) => boolean; compare?: (a: string, b: string) => number | undefined };
  ajv.addFormat('date-time', { type: 'string', validate: (text: string) => rfc3339.validate(text) && !Number.isNaN(Date.parse(text)), compare: rfc3339.compare });
  return ajv;
}

export const NUL_MESSAGE = 'must not contain NUL characters or begin with a byte-order mark (U+FEFF)';

/**
 * Text no database keeps as sent: the NUL character (PostgreSQL refuses it)
 * and a leading byte-order mark (the embedded database's reader drops it, so
 * what was saved would not be what is read back).
 */
export const unstorableText = (text: string) => text.includes('\u0000') || text.startsWith('\uFEFF');

/** Where the first string holding unstorable text is, as a JSON pointer; undefined when none does. */
export function nulAt(data: unknown, at = ''): string | undefined {
  if (typeof data === 'string') return unstorableText(data) ? at : undefined;
  if (Array.isArray(data)) {
    for (const [i, item] of data.entries()) {
      const found = nulAt(item, `${at}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      const found = unstorableText(key) ? at : nulAt(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

type ValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

/**
 * Fastify's request validators. A JSON body is validated as sent: its types
 * are never coerced. Query strings, path parameters and headers are text and
 * are read as the numbers or booleans their schema names. Text holding a
 * NUL character is refused in all of them: no database stores it.
 */
export const requestValidators = (() => {
  const asSent = createAjv({ allErrors: false });
  const fromText = createAjv({ coerceTypes: 'array', allErrors: false });
  return ({ schema, httpPart }: { schema: Schema; httpPart?: string }) => {
    const validate = (httpPart === 'body' ? asSent : fromText).compile(schema);
    // Fastify hands Ajv's data context (so a coerced root value can be
    // replaced) to functions that carry schemaEnv, as Ajv's own do.
    const check = Object.assign(
      (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
        if (!validate(data, context)) {
          check.errors = validate.errors;
          return false;
        }
        const at = nulAt(data);
        check.errors = at === undefined ? null : [{ keyword: 'nul', instancePath: at, schemaPath: '#', params: {}, message: NUL_MESSAGE } satisfies ErrorObject];
        return at === undefined;
      },
      { errors: null as ErrorObject[] | null | undefined, schemaEnv: validate.schemaEnv },
    );
    return check;
  };
}) as unknown as ValidatorFactory;

const responseAjv = createAjv();
const responseValidators = new Map<string, ValidateFunction>();

/**
 * Why a response breaks the contract, or undefined when it conforms: the
 * status must be documented, the content type must be one the contract names,
 * and a JSON body must match its schema.
 */
export function responseViolation(operationId: string, status: number, contentType: string | undefined, body: string): string | undefined {
  const op = operation(operationId);
  // The contract's description documents 421 (a host name the server does not
  // answer) once for every operation, with an ErrorResponse body.
  const documented = op.responses[String(status)] ?? (status === 421 ? { 'application/json': { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } : undefined);
  if (!documented) return `${operationId}: status ${status} is not documented`;
  const types = Object.keys(documented);
  if (types.length === 0) return body.length > 0 ? `${operationId} ${status}: the contract documents no body` : undefined;
  const type = (contentType ?? '').split(';')[0].trim();
  if (!types.includes(type)) return `${operationId} ${status}: content type ${type || '(none)'} is not one of ${types.join(', ')}`;
  const schema = documented[type];
  if (!schema || type !== 'application/json') return undefined;
  const key = `${operationId} ${status}`;
  let validate = responseValidators.get(key);
  if (!validate) {
    validate = responseAjv.compile(schema);
    responseValidators.set(key, validate);
  }
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return `${key}: body is not JSON`;
  }
  if (validate(data)) return undefined;
  return `${key}: ${responseAjv.errorsText(validate.errors)}`;
}
