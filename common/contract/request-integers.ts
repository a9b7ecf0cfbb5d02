// Node-only. Every integer a request may carry, as openapi.yaml states it: a
// parameter (path, query, header, cookie) or a field of a request body (JSON
// or a form), with the place in the contract that states it and its bounds.
// An integer without both bounds lets a client send any size of number, and
// a server that hands it to its database unchecked answers 500 (PostgreSQL's
// integer ends at 2147483647). Read by the contract lint
// (scripts/contract/lint-request-integers.ts), which refuses an unbounded one,
// and by the conformance check, which sends each one just past its bounds.
import { loadOpenApi, type OpenApiDocument } from './index';

/** A step from a body's root: a property name, `[]` (any item) or the position of a prefixItems entry. */
export type Segment = string | { item: number | 'any' };

export type RequestInteger = {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The contract's path: /api/products/{id} */
  path: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  /** For a body: its media type (application/json, multipart/form-data…). */
  mediaType?: string;
  /** The parameter's name, or the field in the body: `bargaining.productLimits[].productId`. */
  field: string;
  /** For a body: the steps from its root to the integer. */
  segments: Segment[];
  /** Where the contract states the integer's schema: `#/components/schemas/BotProductLimit/properties/productId`. */
  pointer: string;
  /** The smallest and largest integers it allows (from minimum/maximum or their exclusive forms), when stated. */
  minimum?: number;
  maximum?: number;
};

type Node = Record<string, unknown>;
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
/** Keywords whose value is one subschema / a list of them / a map of them, each applying to the same place. */
const SAME_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node a local $ref names, with its pointer. */
function resolve(doc: OpenApiDocument, node: unknown, pointer: string): { node: unknown; pointer: string } {
  const seen = new Set<string>();
  while (node && typeof node === 'object' && typeof (node as Node).$ref === 'string') {
    const ref = (node as Node).$ref as string;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
    if (seen.has(ref)) throw new Error(`recursive $ref ${ref}`);
    seen.add(ref);
    node = ref
      .slice(2)
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, key) => (at as Node | undefined)?.[key], doc);
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    pointer = ref;
  }
  return { node, pointer };
}

const isInteger = (schema: Node) =>
  schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));

/** The integers a value may take under `schema`, as bounds (undefined when a side is open). */
function bounds(schema: Node): { minimum?: number; maximum?: number } {
  const number = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const lows = [number('minimum'), number('exclusiveMinimum')].map((v, i) =>
    v === undefined ? undefined : i === 0 ? Math.ceil(v) : Math.floor(v) + 1,
  );
  const highs = [number('maximum'), number('exclusiveMaximum')].map((v, i) =>
    v === undefined ? undefined : i === 0 ? Math.floor(v) : Math.ceil(v) - 1,
  );
  const defined = (values: (number | undefined)[]) => values.filter((v): v is number => v !== undefined);
  const low = defined(lows);
  const high = defined(highs);
  // A fixed set of values (enum, const) bounds it as well.
  const fixed = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  const listed = fixed?.filter((v): v is number => typeof v === 'number');
  return {
    minimum: low.length ? Math.max(...low) : listed?.length ? Math.min(...listed) : undefined,
    maximum: high.length ? Math.min(...high) : listed?.length ? Math.max(...listed) : undefined,
  };
}

/** `a.b[].c` from segments. */
export function fieldName(segments: Segment[]): string {
  return segments
    .map((s, i) => (typeof s === 'string' ? (i === 0 ? s : `.${s}`) : s.item === 'any' ? '[]' : `[${s.item}]`))
    .join('');
}

type Found = { segments: Segment[]; pointer: string; schema: Node };

/** Every integer under `schema`, following $refs. */
function integersIn(
  doc: OpenApiDocument,
  node: unknown,
  pointer: string,
  segments: Segment[],
  seen: string[],
): Found[] {
  const resolved = resolve(doc, node, pointer);
  if (!resolved.node || typeof resolved.node !== 'object') return [];
  const schema = resolved.node as Node;
  const at = resolved.pointer;
  // A schema that contains itself (a tree) is walked once down each branch.
  if (seen.includes(at)) return [];
  const inside = [...seen, at];
  const found: Found[] = isInteger(schema) ? [{ segments, pointer: at, schema }] : [];
  const walk = (child: unknown, key: string, step?: Segment) =>
    found.push(...integersIn(doc, child, `${at}/${key}`, step === undefined ? segments : [...segments, step], inside));
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Node))
    walk(child, `properties/${escapePointer(name)}`, name);
  for (const [pattern, child] of Object.entries((schema.patternProperties ?? {}) as Node))
    walk(child, `patternProperties/${escapePointer(pattern)}`, `<${pattern}>`);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    walk(schema.additionalProperties, 'additionalProperties', '<any>');
  if (Array.isArray(schema.prefixItems))
    schema.prefixItems.forEach((child, i) => walk(child, `prefixItems/${i}`, { item: i }));
  if (schema.items && typeof schema.items === 'object') walk(schema.items, 'items', { item: 'any' });
  for (const keyword of SAME_PLACE_LISTS)
    if (Array.isArray(schema[keyword]))
      (schema[keyword] as unknown[]).forEach((child, i) => walk(child, `${keyword}/${i}`));
  return found;
}

/** Every integer a request of `doc` (default: openapi.yaml) may carry, in the contract's order. */
export function requestIntegers(doc: OpenApiDocument = loadOpenApi()): RequestInteger[] {
  const out: RequestInteger[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const itemPointer = `#/paths/${escapePointer(path)}`;
    for (const method of METHODS) {
      const op = item[method] as Node | undefined;
      if (!op) continue;
      const opPointer = `${itemPointer}/${method}`;
      const base = {
        operationId: String(op.operationId),
        method: method.toUpperCase() as RequestInteger['method'],
        path,
      };
      const parameters = [
        ...((item.parameters ?? []) as unknown[]).map((p, i) => ({ p, at: `${itemPointer}/parameters/${i}` })),
        ...((op.parameters ?? []) as unknown[]).map((p, i) => ({ p, at: `${opPointer}/parameters/${i}` })),
      ];
      for (const { p, at } of parameters) {
        const { node, pointer } = resolve(doc, p, at);
        const parameter = node as { name: string; in: RequestInteger['in']; schema?: unknown; content?: Node };
        const schemas: [unknown, string][] = parameter.schema
          ? [[parameter.schema, `${pointer}/schema`]]
          : Object.entries(parameter.content ?? {}).map(([type, media]) => [
              (media as Node).schema,
              `${pointer}/content/${escapePointer(type)}/schema`,
            ]);
        for (const [schema, schemaPointer] of schemas)
          for (const found of integersIn(doc, schema, schemaPointer, [], []))
            out.push({
              ...base,
              in: parameter.in,
              field: parameter.name + (found.segments.length ? `.${fieldName(found.segments)}` : ''),
              segments: found.segments,
              pointer: found.pointer,
              ...bounds(found.schema),
            });
      }
      if (!op.requestBody) continue;
      const body = resolve(doc, op.requestBody, `${opPointer}/requestBody`);
      for (const [type, media] of Object.entries(((body.node as Node).content ?? {}) as Node)) {
        const at = `${body.pointer}/content/${escapePointer(type)}/schema`;
        for (const found of integersIn(doc, (media as Node).schema, at, [], []))
          out.push({
            ...base,
            in: 'body',
            mediaType: type,
            field: found.segments.length ? fieldName(found.segments) : '(the body)',
            segments: found.segments,
            pointer: found.pointer,
            ...bounds(found.schema),
          });
      }
    }
  }
  return out;
}
