// openapi.yaml, parameter Id: a malformed id (0, negative, fractional, not a
// number) has a documented answer on every by-id operation, with an
// ErrorResponse body: 400 from a real server, 422 from the mock (Prism).
// Before, Prism invented an undocumented 422 application/problem+json here.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { signIn } from '../common/dev/api-client';
import { e2ePorts, httpUrl } from '../common/dev/ports';
// ErrorResponse, as the contract generates it (the same schema for every error status).
import { getProduct400Response as errorResponse } from '../src/api/generated/zod/products/products.zod';
import { expect, test } from './fixtures/test';

type Operation = { responses: Record<string, unknown> };
const contract = parse(readFileSync('openapi.yaml', 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const prism = process.env.E2E_API_URL ?? httpUrl(e2ePorts().prism);

const operations = [
  ['GET', '/api/products/{id}'],
  ['DELETE', '/api/products/{id}'],
  ['GET', '/api/conversations/{id}'],
  ['GET', '/api/conversations/{id}/messages'],
  ['PATCH', '/api/notifications/{id}/read'],
] as const;

for (const [method, path] of operations) {
  test(`${method} ${path} answers a malformed id with a documented status and an ErrorResponse`, async ({
    request,
  }) => {
    const documented = Object.keys(contract.paths[path][method.toLowerCase()].responses);
    expect(documented).toEqual(expect.arrayContaining(['400', '422']));
    const { name, value } = await signIn(prism);
    for (const id of ['0', '-3', 'abc', '1.5']) {
      const response = await request.fetch(`${prism}${path.replace('{id}', id)}`, {
        method,
        headers: { cookie: `${name}=${value}` },
      });
      const where = `${method} ${path.replace('{id}', id)} → ${response.status()}`;
      expect(documented, where).toContain(String(response.status()));
      expect([400, 422], where).toContain(response.status());
      expect(response.headers()['content-type'], where).toMatch(/^application\/json/);
      expect(errorResponse.safeParse(await response.json()).success, where).toBe(true);
    }
  });
}
