// Reads openapi.yaml at test time so the robustness specs cover every
// operation the contract declares, including ones added later.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

type Schema = { $ref?: string; type?: string | string[]; items?: Schema; [key: string]: unknown };

export type Operation = {
  operationId: string;
  method: string;
  /** Path template as in the contract, e.g. /api/products/{id}. */
  path: string;
  /** Matches a request's pathname. */
  pattern: RegExp;
  hasId: boolean;
  /** The 200 JSON body schema with its top-level $ref resolved, if any. */
  okSchema?: Schema;
};

type Document = {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components?: { schemas?: Record<string, Schema> };
};

let cached: { doc: Document; operations: Operation[] } | undefined;

export function contract() {
  if (cached) return cached;
  const doc = parse(readFileSync('openapi.yaml', 'utf8')) as Document;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      const ok = op.responses?.['200'] ?? op.responses?.['201'];
      const json = ok?.content?.['application/json']?.schema;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}$`),
        hasId: /\{[^}]+\}/.test(path),
        okSchema: json ? resolve(doc, json) : undefined,
      });
    }
  }
  // Literal paths first: /api/products/export must not be taken for /api/products/{id}.
  operations.sort((a, b) => Number(a.hasId) - Number(b.hasId));
  cached = { doc, operations };
  return cached;
}

export function resolve(doc: Document, schema: Schema): Schema {
  let current = schema;
  for (let i = 0; current.$ref && i < 10; i += 1) {
    const name = current.$ref.split('/').pop()!;
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

export function operationFor(method: string, url: string): Operation | undefined {
  const { pathname } = new URL(url);
  return contract().operations.find((op) => op.method === method && op.pattern.test(pathname));
}

export function isArraySchema(schema: Schema | undefined): boolean {
  if (!schema) return false;
  return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
}
