// openapi.yaml, read at start-up and turned into route definitions: the
// method, path, parameters and JSON bodies each route accepts come from the
// contract, so the server cannot drift from it. Multipart forms are checked
// against the same schemas once their parts are read (see products/form.ts),
// and in tests every response is checked against the contract too.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
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

/** A JSON Schema validator (2020-12, as OpenAPI 3.1) with the contract's formats. */
export function createAjv(options: { coerceTypes?: boolean } = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: options.coerceTypes ?? false, useDefaults: false });
  addFormats.default(ajv);
  return ajv;
}

const responseAjv = createAjv();
const responseValidators = new Map<string, ValidateFunction>();

/**
 * Why a response breaks the contract, or undefined when it conforms: the
 * status must be documented, the content type must be one the contract names,
 * and a JSON body must match its schema.
 */
export function responseViolation(operationId: string, status: number, contentType: string | undefined, body: string): string | undefined {
  const op = operation(operationId);
  const documented = op.responses[String(status)];
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
