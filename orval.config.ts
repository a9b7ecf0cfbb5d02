import { defineConfig } from 'orval';

// Everything under src/api/generated/ and common/generated/ is written by `npm run generate` and
// cleaned on every run: change openapi.yaml / asyncapi.yaml or this file instead.
const contract = './openapi.yaml';

export default defineConfig({
  // React Query hooks and model types. Every call goes through the one mutator.
  api: {
    input: { target: contract },
    output: {
      mode: 'tags-split',
      target: './src/api/generated/endpoints',
      schemas: './src/api/generated/model',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      prettier: false,
      override: {
        mutator: { path: './src/api/mutator.ts', name: 'apiFetch' },
        fetch: { includeHttpResponseReturnType: false },
        query: {
          version: 5,
          // orval 7.13 passes the AbortSignal where the fetch client expects RequestInit;
          // without it the query function calls the operation with no options.
          signal: false,
          // ['api','products'] is a prefix of ['api','products', 1]: one
          // invalidation refreshes a whole family.
          shouldSplitQueryKey: true,
          shouldExportQueryKey: true,
        },
      },
    },
  },
  // zod schemas for every request and response: forms start from them and the
  // mutator checks responses with them.
  zod: {
    input: { target: contract },
    output: {
      mode: 'tags-split',
      target: './src/api/generated/zod',
      client: 'zod',
      fileExtension: '.zod.ts',
      clean: true,
      prettier: false,
      override: {
        zod: {
          generate: { param: true, query: true, header: false, body: true, response: true },
          // additionalProperties: false in the contract → unknown keys are a mismatch.
          strict: { response: true },
          // One schema per status code (e.g. createProduct201Response), not only 200.
          generateEachHttpStatus: true,
          coerce: { param: true, query: true },
        },
      },
    },
  },
  // Socket payloads: asyncapi.yaml's message schemas, wrapped into a synthetic
  // OpenAPI document by scripts/contract/asyncapi-to-openapi.ts, become zod schemas too.
  realtime: {
    input: { target: './.tmp/asyncapi.openapi.json' },
    output: {
      mode: 'single',
      target: './common/generated/realtime/realtime.zod.ts',
      client: 'zod',
      clean: true,
      prettier: false,
      // Not strict: asyncapi.yaml allows unknown fields in a message, so the
      // payloads are zod.object (unknown keys dropped, not refused).
    },
  },
});
