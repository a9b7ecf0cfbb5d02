// Valid requests for an operation, generated from its contract schemas:
// path ids drawn mostly from ids that exist (the pools the test fills in its
// setup) and sometimes any id the schema allows; query strings, JSON bodies
// and multipart text fields from their schemas; files as small real images
// (or a generated CSV for the import).
import fc from 'fast-check';
import type { Operation } from '../../app/openapi/openapi';
import { PRODUCT_CSV_COLUMNS } from '../../../common/product-csv-columns';
import { ADMIN, PNG } from '../helpers';
import { fileFields, textFormSchema } from './oracle';
import type { Part, Shape } from './requests';
import { arbitraryFor, text, type Schema } from './schema-arbitrary';

/** Ids that exist, by the first path segment after /api/ (products, conversations, notifications). */
export type Pools = Record<string, number[]>;

export const resourceOf = (op: Operation) => op.path.split('/')[2] ?? '';

// The smallest valid GIF (1×1).
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const image = fc.constantFrom(
  { bytes: PNG, filename: 'slab.png', contentType: 'image/png' },
  { bytes: GIF, filename: 'фото 1.gif', contentType: 'image/gif' },
  // The name and type a client gives do not matter: the content does.
  { bytes: PNG, filename: '../../etc/passwd', contentType: 'application/octet-stream' },
);

/** Text for a text part or a query value, as the contract writes numbers and booleans. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function idArbitrary(schema: Schema, pool: number[]): fc.Arbitrary<string> {
  const any = arbitraryFor(schema, 'id').map(asText);
  if (pool.length === 0) return any;
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool).map(String) }, { weight: 1, arbitrary: any });
}

function paramsArbitrary(op: Operation, pools: Pools): fc.Arbitrary<Record<string, string>> {
  if (!op.params) return fc.constant({});
  const properties = (op.params.properties ?? {}) as Record<string, Schema>;
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const [name, schema] of Object.entries(properties)) {
    model[name] =
      name === 'id'
        ? idArbitrary(schema, pools[resourceOf(op)] ?? [])
        : arbitraryFor(schema, `${op.operationId} path ${name}`).map(asText);
  }
  return fc.record(model);
}

function queryArbitrary(op: Operation): fc.Arbitrary<[string, string][]> {
  if (!op.querystring) return fc.constant([]);
  return (arbitraryFor(op.querystring, `${op.operationId} query`) as fc.Arbitrary<Record<string, unknown>>).map(
    (values) => Object.entries(values).map(([name, value]): [string, string] => [name, asText(value)]),
  );
}

const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** A product CSV in the import's columns: a few rows, some of which may fail (still a 200). */
function csvArbitrary(): fc.Arbitrary<string> {
  const price = fc.stringMatching(/^\d{1,6}(\.\d{1,2})?$/);
  const row = fc
    .record({
      Type: fc.constantFrom('granite', 'marble', 'quartz', 'sink', 'Granite'),
      Name: text(1, 60),
      'Color/Material': fc.constantFrom('Black', 'White', 'Stainless Steel', 'Ceramic', ''),
      'Dimensions (mm)': text(0, 30),
      'Starting Price': price,
      'Ending Price': price,
      'Installation Price': fc.oneof(fc.constant(''), price),
      Description: text(0, 80),
      'Product Image URL': fc.constantFrom(
        '',
        'https://example.com/slab.png',
        '/uploads/none.png',
        'javascript:alert(1)',
      ),
      'Installation Image URLs': fc.constantFrom('', 'https://example.com/a.png'),
    })
    .map((cells) => PRODUCT_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(','));
  return fc
    .tuple(fc.array(row, { maxLength: 3 }), fc.boolean())
    .map(([rows, bom]) => `${bom ? '\ufeff' : ''}${[PRODUCT_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`);
}

export type FormValue = {
  parts: Part[];
  /** The text fields as generated (typed), '' for a field sent empty. */
  values: Record<string, unknown>;
  /** Per file field: the files sent, or 'empty' for one empty part (clear). */
  files: Record<string, Buffer[] | 'empty'>;
};

export function formArbitrary(op: Operation): fc.Arbitrary<FormValue> {
  const files = fileFields(op);
  const schema = textFormSchema(op)!;
  const required = new Set((op.multipartBody?.required ?? []) as string[]);
  // Only an update (PATCH) gives an empty part a meaning (clear); a create leaves empty values out.
  const clearable = op.method === 'PATCH';
  const fileModel: Record<
    string,
    fc.Arbitrary<{ bytes: Buffer; filename: string; contentType: string }[] | 'empty' | undefined>
  > = {};
  for (const [name, field] of files) {
    const chosen = field.contentType.startsWith('image/')
      ? fc.array(image, { minLength: 1, maxLength: field.multiple ? 2 : 1 })
      : csvArbitrary().map((csv) => [
          { bytes: Buffer.from(csv, 'utf8'), filename: 'products.csv', contentType: field.contentType },
        ]);
    fileModel[name] = required.has(name)
      ? chosen
      : fc.oneof(fc.constant(undefined), chosen, ...(clearable ? [fc.constant('empty' as const)] : []));
  }
  const texts = arbitraryFor(schema, `${op.operationId} form`) as fc.Arbitrary<Record<string, unknown>>;
  return fc.tuple(texts, fc.record(fileModel), fc.boolean()).map(([generated, chosenFiles, ordered]) => {
    const values = { ...generated };
    // Ending below starting is a business rule (400), not a contract one; keep most forms on the happy path.
    if (
      ordered &&
      typeof values.startingPrice === 'string' &&
      typeof values.endingPrice === 'string' &&
      values.startingPrice &&
      values.endingPrice
    ) {
      const [low, high] = [values.startingPrice, values.endingPrice].sort((a, b) => Number(a) - Number(b));
      values.startingPrice = low;
      values.endingPrice = high;
    }
    const parts: Part[] = Object.entries(values).map(([name, value]) => ({ name, value: asText(value) }));
    const sent: FormValue['files'] = {};
    for (const [name, chosen] of Object.entries(chosenFiles)) {
      if (chosen === undefined) continue;
      if (chosen === 'empty') {
        parts.push({ name, value: '' });
        sent[name] = 'empty';
        continue;
      }
      for (const file of chosen)
        parts.push({ name, value: file.bytes, filename: file.filename, contentType: file.contentType });
      sent[name] = chosen.map((file) => file.bytes);
    }
    return { parts, values, files: sent };
  });
}

function bodyArbitrary(op: Operation): fc.Arbitrary<Shape['body']> {
  if (op.jsonBody) {
    const generated = arbitraryFor(op.jsonBody, `${op.operationId} body`);
    // Sign-in: the real account now and then, so that some attempts succeed.
    const value =
      op.operationId === 'login'
        ? fc.oneof({ weight: 1, arbitrary: fc.constant({ ...ADMIN }) }, { weight: 4, arbitrary: generated })
        : generated;
    return value.map((v) => ({ kind: 'json' as const, value: v }));
  }
  if (op.multipartBody) return formArbitrary(op).map((form) => ({ kind: 'form' as const, parts: form.parts }));
  return fc.constant(undefined);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A valid request for `op`. */
export function validShape(op: Operation, pools: Pools): fc.Arbitrary<Shape> {
  // The dashboard's own origin may come along on state-changing requests (the server answers localhost).
  const headers = STATE_CHANGING.has(op.method) ? fc.constantFrom({}, { origin: 'http://localhost' }) : fc.constant({});
  return fc
    .record({ params: paramsArbitrary(op, pools), query: queryArbitrary(op), body: bodyArbitrary(op), headers })
    .map(({ params, query, body, headers: extra }): Shape => ({
      params,
      query,
      body,
      // Signing out ends the session it is sent with: it gets a session of its own.
      cookie: op.operationId === 'logout' ? 'fresh' : 'session',
      headers: { ...extra },
    }));
}
