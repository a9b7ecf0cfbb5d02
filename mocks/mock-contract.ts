// The contract as Prism is given it. Where Prism generates data (dynamic
// mode, or a request's `Prefer: dynamic=true`) it uses json-schema-faker set
// to fill every optional part, so a bounded array comes out at its maxItems
// and an unbounded one with 0 to 5 items. The contract bounds no list of
// messages (a conversation is answered whole, however long), and Prism's own
// option (`x-json-schema-faker` at the document's root) can only lower the
// bound of every array at once. So the long lists the mock generates are set
// here, on a copy of openapi.yaml that only Prism reads: a conversation of
// thousands of messages for the message panel. The copy also writes each
// tuple (`prefixItems`, JSON Schema 2020-12) in draft 7's form, which is what
// Prism 5.14 and its json-schema-faker read (see draft7Tuples). The examples
// Prism answers otherwise are the same in the copy.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOpenApi, type OpenApiDocument } from '../common/contract';

/** Operations whose 200 answer (a JSON array) Prism's generated data fills to this many items. */
export const MOCK_LIST_LENGTHS: Readonly<Record<string, number>> = {
  listConversationMessages: 5000,
};

type Node = Record<string, unknown>;

/** The 200 answer's JSON schema of `operationId` in `doc`, as written (not dereferenced). */
function answerSchema(doc: OpenApiDocument, operationId: string): Node {
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item) as Node[]) {
      if (operation?.operationId !== operationId) continue;
      const ok = (operation.responses as Node | undefined)?.['200'] as Node | undefined;
      const schema = ((ok?.content as Node | undefined)?.['application/json'] as Node | undefined)?.schema as
        Node | undefined;
      if (schema?.type !== 'array') throw new Error(`${operationId}: its 200 answer is not a JSON array`);
      return schema;
    }
  }
  throw new Error(`openapi.yaml has no operation ${operationId}`);
}

/**
 * Every `prefixItems` under `node` written as draft 7's tuple, `items: [...]`
 * (a schema for the items after them as `additionalItems`). Prism 5.14 reads
 * array keywords as draft 7 does: without this it would neither check a
 * week's days position by position nor generate one at all ("missing items").
 */
function draft7Tuples(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(draft7Tuples);
  if (!node || typeof node !== 'object') return;
  const schema = node as Node;
  if (Array.isArray(schema.prefixItems)) {
    if (schema.items !== undefined) schema.additionalItems = schema.items;
    schema.items = schema.prefixItems;
    delete schema.prefixItems;
  }
  for (const value of Object.values(schema)) draft7Tuples(value);
}

/** `doc` with the mock's list lengths set as maxItems and its tuples in draft 7's form (the document itself is left alone). */
export function mockContract(doc: OpenApiDocument = loadOpenApi()): OpenApiDocument {
  const copy = structuredClone(doc);
  for (const [operationId, length] of Object.entries(MOCK_LIST_LENGTHS)) {
    answerSchema(copy, operationId).maxItems = length;
  }
  draft7Tuples(copy.components);
  draft7Tuples(copy.paths);
  return copy;
}

/**
 * Writes the mock's contract (JSON, which Prism reads as it reads YAML) to a
 * folder of its own and returns its path and how to remove it.
 */
export function writeMockContract(): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'prism-contract-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(mockContract()));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
