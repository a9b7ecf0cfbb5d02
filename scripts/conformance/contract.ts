// Reads openapi.yaml and asyncapi.yaml at run time and validates answers with
// Ajv (OpenAPI 3.1 / AsyncAPI 3 schemas are JSON Schema 2020-12), so a new
// operation or a changed schema is followed without touching this code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

export type Violation = { path: string; message: string };
type Json = Record<string, unknown>;

export type Operation = {
  id: string;
  method: string;
  path: string;
  label: string;
  protected: boolean;
  parameters: Json[];
  responses: Record<string, Json>;
};

function rewriteRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, base));
  if (node && typeof node === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? base + v : rewriteRefs(v, base);
    }
    return out;
  }
  return node;
}

function newAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // OpenAPI's `format: binary` is a file part, not a JSON format.
  ajv.addFormat('binary', true);
  return ajv;
}

function toViolations(errors: { instancePath: string; message?: string; params?: unknown }[] | null | undefined, prefix: string): Violation[] {
  return (errors ?? []).map((e) => ({
    path: prefix + (e.instancePath || ''),
    message: `${e.message ?? 'invalid'}${e.params && Object.keys(e.params as object).length ? ' ' + JSON.stringify(e.params) : ''}`,
  }));
}

export class OpenApiContract {
  readonly doc: Json;
  readonly operations: Operation[] = [];
  private ajv = newAjv();
  private cache = new Map<string, ReturnType<Ajv2020['compile']>>();

  constructor(root: string) {
    this.doc = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as Json;
    this.ajv.addSchema({ $id: 'https://contract.invalid/openapi.json', components: rewriteRefs(this.doc.components, 'https://contract.invalid/openapi.json') } as Json);
    const globalSecurity = (this.doc.security as unknown[] | undefined) ?? [];
    for (const [path, item] of Object.entries(this.doc.paths as Record<string, Json>)) {
      const shared = (item.parameters as Json[] | undefined) ?? [];
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const security = (op.security as unknown[] | undefined) ?? globalSecurity;
        const responses: Record<string, Json> = {};
        for (const [code, r] of Object.entries(op.responses as Record<string, Json>)) responses[code] = this.deref(r);
        this.operations.push({
          id: String(op.operationId),
          method: method.toUpperCase(),
          path,
          label: `${method.toUpperCase()} ${path}`,
          protected: security.length > 0,
          parameters: [...shared, ...((op.parameters as Json[] | undefined) ?? [])].map((p) => this.deref(p)),
          responses,
        });
      }
    }
  }

  deref(node: Json): Json {
    let cur = node;
    while (typeof cur.$ref === 'string') {
      cur = (cur.$ref as string).slice(2).split('/').reduce<Json>((o, k) => o[k] as Json, this.doc);
    }
    return cur;
  }

  /** Every violation of one answer: status, content type, named headers, body. */
  check(op: Operation, status: number, headers: Headers, bodyText: string): Violation[] {
    const response = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
    if (!response) {
      return [{ path: 'status', message: `${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})` }];
    }
    const out: Violation[] = [];
    for (const name of Object.keys((response.headers as Json | undefined) ?? {})) {
      const value = name.toLowerCase() === 'set-cookie' ? headers.getSetCookie().join(', ') : headers.get(name);
      if (!value) out.push({ path: `header ${name}`, message: 'missing (the contract names it)' });
    }
    const content = response.content as Record<string, Json> | undefined;
    if (!content) {
      if (bodyText.length > 0) out.push({ path: 'body', message: `expected no body for ${status}, got ${bodyText.length} bytes` });
      return out;
    }
    const actual = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const media = content[actual];
    if (!media) {
      out.push({ path: 'content-type', message: `"${actual || '(none)'}" is not one of ${Object.keys(content).join(', ')}` });
      return out;
    }
    let body: unknown = bodyText;
    if (actual.includes('json')) {
      try {
        body = JSON.parse(bodyText);
      } catch {
        return [...out, { path: 'body', message: 'not valid JSON' }];
      }
    }
    const key = `${op.label} ${status} ${actual}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(media.schema ?? {}, 'https://contract.invalid/openapi.json') as Json);
      this.cache.set(key, validate);
    }
    if (!validate(body)) out.push(...toViolations(validate.errors, 'body'));
    return out;
  }
}

export class AsyncApiContract {
  private ajv = newAjv();
  private byType = new Map<string, ReturnType<Ajv2020['compile']>>();

  constructor(root: string) {
    const doc = parse(readFileSync(join(root, 'asyncapi.yaml'), 'utf8')) as Json;
    const components = doc.components as Json;
    this.ajv.addSchema({ $id: 'https://contract.invalid/asyncapi.json', components: rewriteRefs(components, 'https://contract.invalid/asyncapi.json') } as Json);
    for (const message of Object.values(components.messages as Record<string, Json>)) {
      this.byType.set(String(message.name), this.ajv.compile(rewriteRefs(message.payload, 'https://contract.invalid/asyncapi.json') as Json));
    }
  }

  get types(): string[] {
    return [...this.byType.keys()];
  }

  check(raw: string): { type: string; violations: Violation[] } {
    let msg: { type?: unknown };
    try {
      msg = JSON.parse(raw) as { type?: unknown };
    } catch {
      return { type: '?', violations: [{ path: 'frame', message: 'not valid JSON' }] };
    }
    const type = String(msg?.type);
    const validate = this.byType.get(type);
    if (!validate) return { type, violations: [{ path: 'type', message: `"${type}" is not a message of asyncapi.yaml (${this.types.join(', ')})` }] };
    return { type, violations: validate(msg) ? [] : toViolations(validate.errors, 'message') };
  }
}
