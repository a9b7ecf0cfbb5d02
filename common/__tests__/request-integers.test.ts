// The request integers of openapi.yaml and the lint that refuses an unbounded
// one (`npm run lint:contract`), run as `npm run lint:contract` runs it: on
// the contract, and on a copy with an integer added without its bounds in a
// JSON body, in a query parameter and in a form.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CONTRACT_FILE, loadOpenApi } from '../contract';
import { requestIntegers } from '../contract/request-integers';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(join(tmpdir(), 'request-integers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lint script on `file`: its exit status and what it printed. */
function lint(file: string): { status: number; output: string } {
  try {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/contract/lint-request-integers.ts', file],
      { cwd: root, encoding: 'utf8', stdio: 'pipe' },
    );
    return { status: 0, output };
  } catch (e) {
    const failed = e as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: failed.stdout + failed.stderr };
  }
}

describe('request integers', () => {
  it('are found in parameters, JSON bodies and forms, with their place in the contract and their bounds', () => {
    const integers = requestIntegers();
    expect(integers).toContainEqual(
      expect.objectContaining({
        operationId: 'updateBotSettings',
        in: 'body',
        mediaType: 'application/json',
        field: 'bargaining.productLimits[].productId',
        segments: ['bargaining', 'productLimits', { item: 'any' }, 'productId'],
        pointer: '#/components/schemas/BotProductLimit/properties/productId',
        minimum: 1,
        maximum: 2147483647,
      }),
    );
    expect(integers).toContainEqual(
      expect.objectContaining({
        operationId: 'getProduct',
        in: 'path',
        field: 'id',
        pointer: '#/components/parameters/Id/schema',
        minimum: 1,
        maximum: 2147483647,
      }),
    );
    expect(integers).toContainEqual(
      expect.objectContaining({
        operationId: 'createProduct',
        in: 'body',
        mediaType: 'multipart/form-data',
        field: 'stock',
        minimum: 0,
        maximum: 2147483647,
      }),
    );
    expect(integers).toContainEqual(
      expect.objectContaining({ operationId: 'getAnalyticsTimeline', in: 'query', field: 'days', maximum: 365 }),
    );
  });

  it('every one in openapi.yaml states a minimum and a maximum', () => {
    const unbounded = requestIntegers().filter((i) => i.minimum === undefined || i.maximum === undefined);
    expect(unbounded).toEqual([]);
    expect(lint(CONTRACT_FILE)).toEqual({
      status: 0,
      output: expect.stringMatching(/^request integers: all \d+ in .*openapi\.yaml state a minimum and a maximum/),
    });
  });

  it('the lint fails on a copy with unbounded integers, naming each by its place and the requests that carry it', () => {
    const doc = parse(readFileSync(CONTRACT_FILE, 'utf8')) as ReturnType<typeof loadOpenApi>;
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    // A JSON body field with a minimum only, as productId once was.
    schemas.BotProductLimit.properties.quantity = { type: 'integer', minimum: 1 };
    // A form field with a maximum only.
    schemas.ProductCreateForm.properties.sortOrder = { type: 'integer', maximum: 100 };
    // A query parameter with neither.
    const listProducts = doc.paths['/api/products'].get as { parameters: unknown[] };
    listProducts.parameters.push({ name: 'page', in: 'query', schema: { type: 'integer' } });
    const copy = join(dir, 'openapi.yaml');
    writeFileSync(copy, stringify(doc));

    const { status, output } = lint(copy);
    expect(status).toBe(1);
    expect(output).toContain(
      'error  #/components/schemas/BotProductLimit/properties/quantity: a request integer without a maximum\n' +
        '         carried by PUT /api/bot/settings body (application/json) bargaining.productLimits[].quantity',
    );
    expect(output).toContain(
      'error  #/components/schemas/ProductCreateForm/properties/sortOrder: a request integer without a minimum\n' +
        '         carried by POST /api/products body (multipart/form-data) sortOrder',
    );
    expect(output).toMatch(
      /error {2}#\/paths\/~1api~1products\/get\/parameters\/2\/schema: a request integer without a minimum and a maximum\n {9}carried by GET \/api\/products query parameter page/,
    );
    expect(output).toContain('request integers: 3 schema(s) of');
  });
});
