// Node-only. The one reader of the contract (openapi.yaml, asyncapi.yaml) for
// Node code: the reference server, its tests, the conformance check, the
// end-to-end suites and the scripts. The files are read at run time, so a new
// operation or a changed schema is followed without touching the readers, and
// every schema is compiled by one JSON Schema 2020-12 set-up (the dialect of
// OpenAPI 3.1 and of AsyncAPI 3's default schema format).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

import { ASYNCAPI_FILE, CONTRACT_FILE } from './root';

export { ASYNCAPI_FILE, CONTRACT_FILE } from './root';

export type JsonSchema = Record<string, unknown>;

export type OpenApiDocument = {
  openapi: string;
  info?: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  security?: unknown[];
  [key: string]: unknown;
};

export type AsyncApiDocument = {
  asyncapi: string;
  channels?: Record<string, unknown>;
  operations?: Record<string, unknown>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

export type Parameter = { name: string; in: string; required?: boolean; schema: JsonSchema; [key: string]: unknown };

export type Operation = {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify form: /api/products/:id */
  url: string;
  /** The contract's path: /api/products/{id} */
  path: string;
  /** No security requirement applies (neither the operation's nor the document's). */
  public: boolean;
  /** Every parameter (the path item's and the operation's), $refs resolved. */
  parameters: Parameter[];
  /** The path parameters as one object schema. */
  params?: JsonSchema;
  /** The query parameters as one object schema. */
  querystring?: JsonSchema;
  jsonBody?: JsonSchema;
  multipartBody?: JsonSchema;
  /** status → content type → schema (undefined: no body) */
  responses: Record<string, Record<string, JsonSchema | undefined>>;
  /** status → names of the response headers the contract states */
  responseHeaders: Record<string, string[]>;
};

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
// Annotations that are not JSON Schema validation keywords.
const DROP = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator']);

const documents = new Map<string, unknown>();

function readYaml<T>(path: string): T {
  let doc = documents.get(path);
  if (doc === undefined) {
    doc = parse(readFileSync(path, 'utf8'));
    documents.set(path, doc);
  }
  return doc as T;
}

/**
 * openapi.yaml as written ($refs and examples kept). The object is shared
 * between callers: read it, do not change it.
 */
export const loadOpenApi = (path: string = CONTRACT_FILE): OpenApiDocument => readYaml<OpenApiDocument>(path);

/** asyncapi.yaml as written. The object is shared between callers: read it, do not change it. */
export const loadAsyncApiDocument = (path: string = ASYNCAPI_FILE): AsyncApiDocument =>
  readYaml<AsyncApiDocument>(path);

/**
 * A copy of `node` with every local $ref of `doc` inlined and the
 * annotation-only keywords dropped, ready for Ajv. A recursive $ref is refused.
 */
export function dereference(doc: object, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(doc, item, seen));
  if (!node || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  if (typeof object.$ref === 'string') {
    const ref = object.$ref;
    if (seen.includes(ref)) throw new Error(`recursive $ref ${ref} is not supported`);
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    return dereference(doc, target, [...seen, ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (DROP.has(key)) continue;
    // Formats that only describe (a password field, a file part).
    if (key === 'format' && (value === 'password' || value === 'binary')) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).map(([name, v]) => [name, dereference(doc, v, seen)]),
          )
        : dereference(doc, value, seen);
  }
  return out;
}

function parameterSchema(parameters: Parameter[], where: string): JsonSchema | undefined {
  const selected = parameters.filter((p) => p.in === where);
  if (selected.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [p.name, p.schema])),
    required: selected.filter((p) => p.required).map((p) => p.name),
  };
}

const operationsByFile = new Map<string, Operation[]>();

/** Every operation of openapi.yaml, in the contract's order, with its schemas resolved. */
export function loadOperations(path: string = CONTRACT_FILE): Operation[] {
  const known = operationsByFile.get(path);
  if (known) return known;
  const raw = loadOpenApi(path);
  const rootSecurity = raw.security ?? [];
  const operations: Operation[] = [];
  for (const [contractPath, item] of Object.entries(raw.paths)) {
    const shared = ((item.parameters ?? []) as unknown[]).map((p) => dereference(raw, p) as Parameter);
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const parameters = [
        ...shared,
        ...((op.parameters ?? []) as unknown[]).map((p) => dereference(raw, p) as Parameter),
      ];
      const content =
        (dereference(raw, op.requestBody) as { content?: Record<string, { schema: JsonSchema }> } | undefined)
          ?.content ?? {};
      const responses: Operation['responses'] = {};
      const responseHeaders: Operation['responseHeaders'] = {};
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        const resolved = dereference(raw, response) as {
          content?: Record<string, { schema?: JsonSchema }>;
          headers?: Record<string, unknown>;
        };
        responses[status] = Object.fromEntries(
          Object.entries(resolved.content ?? {}).map(([type, media]) => [type, media.schema]),
        );
        responseHeaders[status] = Object.keys(resolved.headers ?? {});
      }
      const security = (op.security as unknown[] | undefined) ?? rootSecurity;
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase() as Operation['method'],
        path: contractPath,
        url: contractPath.replace(/\{(\w+)\}/g, ':$1'),
        public: security.length === 0,
        parameters,
        params: parameterSchema(parameters, 'path'),
        querystring: parameterSchema(parameters, 'query'),
        jsonBody: content['application/json']?.schema,
        multipartBody: content['multipart/form-data']?.schema,
        responses,
        responseHeaders,
      });
    }
  }
  operationsByFile.set(path, operations);
  return operations;
}

/** One operation of openapi.yaml by its operationId; throws when there is none. */
export function operation(operationId: string, path: string = CONTRACT_FILE): Operation {
  const found = loadOperations(path).find((op) => op.operationId === operationId);
  if (!found) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return found;
}

/**
 * A file field's size limit in bytes: the contract states it as
 * `x-max-bytes` beside the field (on the items of a list of files).
 */
export function maxBytes(operationId: string, field: string): number {
  const property = (operation(operationId).multipartBody?.properties as Record<string, JsonSchema> | undefined)?.[
    field
  ];
  const limit = property?.['x-max-bytes'] ?? (property?.items as JsonSchema | undefined)?.['x-max-bytes'];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw new Error(`openapi.yaml states no x-max-bytes for ${field} of ${operationId}`);
  }
  return limit;
}

/**
 * The message payload schemas of asyncapi.yaml, by message name (the `type`
 * a frame carries), with their $refs resolved.
 */
export function loadAsyncApi(path: string = ASYNCAPI_FILE): Record<string, JsonSchema> {
  const doc = loadAsyncApiDocument(path);
  const messages = (doc.components.messages ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      const resolved = dereference(doc, message) as { name?: string; payload?: unknown };
      return [resolved.name ?? key, dereference(doc, resolved.payload ?? {}) as JsonSchema];
    }),
  );
}

export type AjvOptions = {
  /** Read text as the numbers or booleans a schema names (query strings, path parameters). Default false. */
  coerceTypes?: boolean | 'array';
  /** Report every error, not only the first. Default true. */
  allErrors?: boolean;
};

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS: its plugin is the module itself or its `default`,
// depending on how the importing tool interoperates.
const applyFormats: FormatsPlugin =
  (addFormats as unknown as { default?: FormatsPlugin }).default ?? (addFormats as unknown as FormatsPlugin);

/** A JSON Schema validator (2020-12, as OpenAPI 3.1 and AsyncAPI 3) with the contract's formats. */
export function createAjv(options: AjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: options.allErrors ?? true,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: false,
  });
  applyFormats(ajv);
  // A date-time must also be an instant a program can hold: RFC 3339 allows
  // a leap second (23:59:60), which no JavaScript Date or database accepts.
  const rfc3339 = ajv.formats['date-time'] as {
    validate: (text: string) => boolean;
    compare?: (a: string, b: string) => number | undefined;
  };
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (text: string) => rfc3339.validate(text) && !Number.isNaN(Date.parse(text)),
    compare: rfc3339.compare,
  });
  return ajv;
}

let responseAjv: Ajv2020 | undefined;
const responseValidators = new Map<string, ValidateFunction>();

/**
 * Why a response breaks the contract, or undefined when it conforms: the
 * status must be documented, the content type must be one the contract names,
 * and a JSON body must match its schema.
 */
export function responseViolation(
  operationId: string,
  status: number,
  contentType: string | undefined,
  body: string,
): string | undefined {
  const op = operation(operationId);
  // The contract's description documents 421 (a host name the server does not
  // answer) once for every operation, with an ErrorResponse body.
  const documented =
    op.responses[String(status)] ??
    (status === 421
      ? { 'application/json': { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } }
      : undefined);
  if (!documented) return `${operationId}: status ${status} is not documented`;
  const types = Object.keys(documented);
  if (types.length === 0)
    return body.length > 0 ? `${operationId} ${status}: the contract documents no body` : undefined;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  // A media range (image/*, as a customer's file is documented) covers every subtype.
  const covers = (range: string) =>
    range === type || range === '*/*' || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)));
  const matched = types.find(covers);
  if (!matched) return `${operationId} ${status}: content type ${type || '(none)'} is not one of ${types.join(', ')}`;
  const schema = documented[matched];
  if (!schema || matched !== 'application/json') return undefined;
  const key = `${operationId} ${status}`;
  responseAjv ??= createAjv();
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
