// The contract as the check needs it, read through the project's one contract
// loader (common/contract) when the check runs: a new operation or a changed
// schema is followed without touching this code. Answers are validated with
// its JSON Schema 2020-12 Ajv (the dialect of OpenAPI 3.1 and AsyncAPI 3).
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import {
  ASYNCAPI_FILE,
  CONTRACT_FILE,
  createAjv,
  dereference,
  loadAsyncApi,
  loadOpenApi,
  loadOperations,
  type JsonSchema,
  type Operation as ContractOperation,
} from '../common/contract';
import { requestIntegers, type RequestInteger } from '../common/contract/request-integers';

/**
 * One thing wrong with an answer. `keyword` is the JSON Schema keyword that
 * failed for body violations (required, type, enum, …).
 */
/** `got`: the value found at `path` (JSON, cut at 200 characters), when there is one. */
export type Violation = { path: string; message: string; keyword?: string; got?: string };

export type Operation = ContractOperation & {
  /** The operationId. */
  id: string;
  /** "GET /api/products/{id}" */
  label: string;
  /** A security requirement applies: without a session the answer must be 401. */
  protected: boolean;
};

/**
 * How bad a violation is, lower first: a wrong status or media type breaks
 * every client; a missing field or a wrong type breaks the ones that read
 * it; a value outside the allowed set or range, then an extra property,
 * matter less.
 */
function rank(v: Violation): number {
  if (v.path === 'status') return 0;
  if (v.path === 'content-type' || (v.path === 'body' && !v.keyword)) return 1;
  if (v.path.startsWith('header') || v.path === 'cookie') return 2;
  switch (v.keyword) {
    case 'required':
      return 3;
    case 'type':
      return 4;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 6;
    default:
      return 5;
  }
}

/** Worst first; violations of the same weight keep their order. */
export const worstFirst = (violations: Violation[]): Violation[] =>
  violations
    .map((v, i) => [v, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([v]) => v);

/** The value at a JSON pointer (`/items/0/price`) of `data`, or undefined. */
function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const part of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

const GOT_MAX = 200;
function shown(value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text === undefined || text.length <= GOT_MAX ? text : `${text.slice(0, GOT_MAX - 1)}…`;
}

function toViolations(errors: ErrorObject[] | null | undefined, prefix: string, data: unknown): Violation[] {
  return (errors ?? []).map((e) => {
    const got = shown(valueAt(data, e.instancePath || ''));
    return {
      path: prefix + (e.instancePath || ''),
      message: `${e.message ?? 'invalid'}${e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : ''}`,
      keyword: e.keyword,
      ...(got !== undefined && { got }),
    };
  });
}

/**
 * Headers the contract names that a server may leave out: the paging headers
 * (`Link`, only while more items follow; `X-Total-Count`, "may carry") and
 * the `ETag` of conditional requests (info.description, "Paging" and
 * "Conditional requests"). When sent, they are checked against their schema.
 * Every other named header must be sent, unless the contract says
 * `required: false`.
 */
const OPTIONAL_HEADERS = new Set(['link', 'x-total-count', 'etag']);

type HeaderSpec = { name: string; required: boolean; schema?: JsonSchema };

export class OpenApiContract {
  readonly operations: Operation[];
  /** The name of the session cookie the security scheme states (apiKey in cookie). */
  readonly sessionCookie: string;
  /** Every integer a request may carry, with its bounds (the out-of-range cases send each one past them). */
  readonly integers: RequestInteger[];
  private readonly byId: Map<string, Operation>;
  private readonly ajv: Ajv2020 = createAjv();
  private readonly cache = new Map<string, ValidateFunction>();
  /** "operationId status" → the headers the contract names for that answer. */
  private readonly headerSpecs = new Map<string, HeaderSpec[]>();

  constructor(file: string = CONTRACT_FILE) {
    const doc = loadOpenApi(file);
    this.operations = loadOperations(file).map((op) => ({
      ...op,
      id: op.operationId,
      label: `${op.method} ${op.path}`,
      protected: !op.public,
    }));
    this.byId = new Map(this.operations.map((o) => [o.id, o]));
    this.integers = requestIntegers(doc);
    const schemes = (doc.components.securitySchemes ?? {}) as Record<
      string,
      { type?: string; in?: string; name?: string }
    >;
    this.sessionCookie = Object.values(schemes).find((s) => s.type === 'apiKey' && s.in === 'cookie')?.name ?? 'sid';
    for (const op of this.operations) {
      const raw = (doc.paths[op.path]?.[op.method.toLowerCase()] ?? {}) as { responses?: Record<string, unknown> };
      for (const [status, response] of Object.entries(raw.responses ?? {})) {
        const headers =
          (dereference(doc, response) as { headers?: Record<string, { required?: boolean; schema?: JsonSchema }> })
            .headers ?? {};
        this.headerSpecs.set(
          `${op.id} ${status}`,
          Object.entries(headers).map(([name, header]) => ({
            name,
            required: header.required ?? !OPTIONAL_HEADERS.has(name.toLowerCase()),
            schema: header.schema,
          })),
        );
      }
    }
  }

  /** The operation with that operationId; throws when the contract has none. */
  op(id: string): Operation {
    const found = this.byId.get(id);
    if (!found) throw new Error(`the contract has no operation ${id}`);
    return found;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The documented response for a status: exact, then its range (4XX), then default. */
  documented(
    op: Operation,
    status: number,
  ): { content: Record<string, JsonSchema | undefined>; headers: HeaderSpec[] } | undefined {
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in op.responses);
    return key === undefined
      ? undefined
      : {
          content: op.responses[key],
          headers:
            this.headerSpecs.get(`${op.id} ${key}`) ??
            (op.responseHeaders[key] ?? []).map((name) => ({ name, required: true })),
        };
  }

  /** A header's text against its schema: an integer header must hold decimal digits. */
  private checkHeader(op: Operation, status: number, name: string, text: string, schema: JsonSchema): Violation[] {
    const type = schema.type;
    let value: unknown = text;
    if (type === 'integer' || type === 'number') {
      if (!/^-?\d+(\.\d+)?$/.test(text.trim()))
        return [{ path: `header ${name}`, message: `"${text}" is not a number`, keyword: 'type' }];
      value = Number(text);
    }
    const key = `${op.id} ${status} header ${name}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.cache.set(key, validate);
    }
    return validate(value) ? [] : toViolations(validate.errors, `header ${name}`, value);
  }

  /** Every violation of one answer, worst first: status, content type, named headers, body. */
  check(op: Operation, status: number, headers: Headers, bodyText: string): Violation[] {
    const response = this.documented(op, status);
    if (!response) {
      return [
        {
          path: 'status',
          message: `${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`,
        },
      ];
    }
    const out: Violation[] = [];
    if (status >= 500) out.push({ path: 'status', message: `server error ${status}` });
    for (const { name, required, schema } of response.headers) {
      const value = name.toLowerCase() === 'set-cookie' ? headers.getSetCookie().join(', ') : headers.get(name);
      if (!value) {
        if (required) out.push({ path: `header ${name}`, message: 'missing (the contract names it)' });
        continue;
      }
      if (schema) out.push(...this.checkHeader(op, status, name, value, schema));
    }
    const types = Object.keys(response.content);
    if (types.length === 0) {
      if (bodyText.length > 0)
        out.push({ path: 'body', message: `expected no body for ${status}, got ${bodyText.length} bytes` });
      return worstFirst(out);
    }
    const actual = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!types.includes(actual)) {
      out.push({ path: 'content-type', message: `"${actual || '(none)'}" is not one of ${types.join(', ')}` });
      return worstFirst(out);
    }
    let body: unknown = bodyText;
    if (actual.includes('json')) {
      try {
        body = JSON.parse(bodyText);
      } catch {
        return worstFirst([...out, { path: 'body', message: 'not valid JSON' }]);
      }
    }
    const key = `${op.id} ${status} ${actual}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(response.content[actual] ?? {});
      this.cache.set(key, validate);
    }
    if (!validate(body)) out.push(...toViolations(validate.errors, 'body', body));
    return worstFirst(out);
  }
}

export class AsyncApiContract {
  private readonly ajv: Ajv2020 = createAjv();
  private readonly byType = new Map<string, ValidateFunction>();

  constructor(file: string = ASYNCAPI_FILE) {
    for (const [type, schema] of Object.entries(loadAsyncApi(file))) this.byType.set(type, this.ajv.compile(schema));
  }

  get types(): string[] {
    return [...this.byType.keys()];
  }

  /** The message's type and every violation of it, worst first. */
  check(raw: string): { type: string; violations: Violation[] } {
    let msg: { type?: unknown };
    try {
      msg = JSON.parse(raw) as { type?: unknown };
    } catch {
      return { type: '?', violations: [{ path: 'frame', message: 'not valid JSON' }] };
    }
    const type = String(msg?.type);
    const validate = this.byType.get(type);
    if (!validate)
      return {
        type,
        violations: [
          { path: 'type', message: `"${type}" is not a message of asyncapi.yaml (${this.types.join(', ')})` },
        ],
      };
    return { type, violations: validate(msg) ? [] : worstFirst(toViolations(validate.errors, 'message', msg)) };
  }
}
