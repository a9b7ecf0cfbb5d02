// Reads openapi.yaml at test time so the robustness specs cover every
// operation the contract declares, including ones added later.
import { loadOpenApi, loadOperations } from '../../common/contract';

type Schema = { $ref?: string; type?: string | string[]; items?: Schema; [key: string]: unknown };

export type Operation = {
  operationId: string;
  method: string;
  /** Path template as in the contract, e.g. /api/products/{id}. */
  path: string;
  /** Matches a request's pathname. */
  pattern: RegExp;
  hasId: boolean;
  /** The 200 (or 201) JSON body schema, its $refs resolved, if any. */
  okSchema?: Schema;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

let cached: { doc: Document; operations: Operation[] } | undefined;

export function contract() {
  if (cached) return cached;
  const doc = loadOpenApi() as unknown as Document;
  const operations: Operation[] = loadOperations().map((op) => {
    const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    const ok = op.responses['200'] ?? op.responses['201'];
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      pattern: new RegExp(`^${source}$`),
      hasId: /\{[^}]+\}/.test(op.path),
      okSchema: ok?.['application/json'] as Schema | undefined,
    };
  });
  // Literal paths first: /api/products/export must not be taken for /api/products/{id}.
  operations.sort((a, b) => Number(a.hasId) - Number(b.hasId));
  cached = { doc, operations };
  return cached;
}

/** A schema with its top-level $ref (to components.schemas) followed. */
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
