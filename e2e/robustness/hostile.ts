// Hostile data for the robustness specs: a corpus of markup and script payloads, and the
// contract's example bodies with every free-text string replaced by one of them. A payload only
// goes where the leaf's schema accepts it (Ajv checks each leaf), so the bodies stay valid
// against openapi.yaml and the app's contract check has nothing to object to.
import { createAjv } from '../../common/contract';
import { contract, resolve } from './contract';

/** Each one sets window.__pwned if it ever runs. */
export const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
  'javascript:window.__pwned=1//',
  "{{constructor.constructor('window.__pwned=1')()}}",
  '</textarea><iframe srcdoc="<script>parent.__pwned=1</script>">',
  '<a href="javascript:window.__pwned=1">click me</a>',
  '\u202eevil\u200b<b onmouseover=window.__pwned=1>rtl</b>',
] as const;

/** Image URLs a hostile server might send: none of them may be loaded. */
export const HOSTILE_IMAGE_URLS = [
  'javascript:window.__pwned=1',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>',
];

const IMAGE_FIELDS = new Set(['productImageUrl', 'installationImageUrls']);

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  [key: string]: unknown;
};

const ajv = createAjv({ allErrors: false });
const fits = (schema: Schema, value: unknown) => {
  const { $ref: _ref, ...plain } = schema;
  return ajv.validate(plain, value);
};

export type Poisoned = { body: unknown; fields: Set<string> };

/** The example body with its free-text strings replaced, round-robin, by the payloads. */
export function poison(
  value: unknown,
  schema: Schema | undefined,
  counter = { n: 0 },
  path = '',
  fields = new Set<string>(),
): Poisoned {
  const { doc } = contract();
  const s = schema ? (resolve(doc as never, schema as never) as Schema) : undefined;
  const variants = s?.oneOf ?? s?.anyOf;
  const field = path.split('.').pop()!.replace(/\[\]$/, '');
  if (variants) {
    const match = variants.find((v) => fits(resolve(doc as never, v as never) as Schema, value));
    return poison(value, match, counter, path, fields);
  }
  if (Array.isArray(value)) {
    return { body: value.map((item) => poison(item, s?.items, counter, `${path}[]`, fields).body), fields };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value))
      out[key] = poison(v, s?.properties?.[key], counter, path ? `${path}.${key}` : key, fields).body;
    return { body: out, fields };
  }
  if (typeof value !== 'string' || !s || s.enum) return { body: value, fields };
  const candidates = IMAGE_FIELDS.has(field) ? HOSTILE_IMAGE_URLS : PAYLOADS;
  for (let tries = 0; tries < candidates.length; tries += 1) {
    const payload = candidates[(counter.n + tries) % candidates.length];
    if (fits(s, payload)) {
      counter.n += 1;
      fields.add(path);
      return { body: payload, fields };
    }
  }
  return { body: value, fields };
}

type Example = { value?: unknown; $ref?: string };
type Doc = {
  components?: { examples?: Record<string, Example> };
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { examples?: Record<string, Example> }> }> }>
  >;
};

export type HostileAnswer = { operationId: string; pattern: RegExp; body: unknown; fields: Set<string> };

/** Every JSON GET of the contract but the session check, answered with its poisoned example. */
export function hostileAnswers(): HostileAnswer[] {
  const { doc, operations } = contract();
  const d = doc as unknown as Doc;
  const valueOf = (example: Example | undefined) =>
    example?.$ref ? d.components?.examples?.[example.$ref.split('/').pop()!]?.value : example?.value;
  const counter = { n: 0 };
  return operations
    .filter((op) => op.method === 'GET' && op.okSchema && op.operationId !== 'getCurrentUser')
    .flatMap((op) => {
      const examples = d.paths[op.path].get.responses?.['200']?.content?.['application/json']?.examples ?? {};
      const example = valueOf(examples.populated) ?? valueOf(Object.values(examples)[0]);
      if (example === undefined) return [];
      const { body, fields } = poison(example, op.okSchema as Schema, counter);
      return [{ operationId: op.operationId, pattern: op.pattern, body, fields }];
    });
}
