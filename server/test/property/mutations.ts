// Ways to break a valid request in exactly one place, derived from the
// operation's schemas. Each is applied to a generated valid request; the
// oracle then confirms the result really breaks the contract (a mutation that
// happens to stay valid, say a wrong type the schema also allows, is skipped).
import type { Operation } from '../../app/openapi/openapi';
import { PNG } from '../helpers';
import { FOREIGN_ORIGIN, MAX_IMAGE_FILES, fileFields, textFormSchema } from './oracle';
import { BOUNDARY, encodeMultipart, type Part, type Shape } from './requests';
import { typesOf, type Schema } from './schema-arbitrary';

export type Kind =
  | 'malformed id'
  | 'wrong type'
  | 'out of range'
  | 'string length'
  | 'pattern or format'
  | 'not in enum'
  | 'NUL byte'
  | 'missing required field'
  | 'unknown property'
  | 'body not an object'
  | 'body not readable'
  | 'media type'
  | 'body too large'
  | 'multipart structure'
  | 'empty value that cannot clear'
  | 'no session'
  | 'cross-origin';

export type Mutation = { kind: Kind; label: string; apply: (shape: Shape) => Shape };

// Ids the contract refuses outright. Spellings a lenient number reader might
// take for an integer (' 1', '+1', '1e3', '0x10') are left out here: the
// contract reads path text "as the numbers its schema names" without saying
// how strictly, so those would test a reading, not the contract.
export const MALFORMED_IDS = [
  'abc',
  '-1',
  '0',
  '99999999999',
  '2147483648',
  '1.5',
  '1'.repeat(200),
  'x'.repeat(200),
  '1\u0000',
];

const enumOf = (schema: Schema): unknown[] => {
  if (Array.isArray(schema.enum)) return schema.enum;
  for (const key of ['anyOf', 'oneOf']) {
    if (Array.isArray(schema[key])) return (schema[key] as Schema[]).flatMap(enumOf);
  }
  return [];
};

const insertNul = (value: string) => {
  const points = Array.from(value);
  const at = Math.floor(points.length / 2);
  return [...points.slice(0, at), '\u0000', ...points.slice(at)].join('');
};

/** Text values that break a text-carried field (query value, multipart text part). */
function textCandidates(
  schema: Schema,
  where: 'query' | 'form',
): { kind: Kind; label: string; value: (current?: string) => string }[] {
  const out: { kind: Kind; label: string; value: (current?: string) => string }[] = [];
  const types = typesOf(schema);
  const fixed = (kind: Kind, value: string, label = JSON.stringify(value)) =>
    out.push({ kind, label, value: () => value });
  if (types.has('integer') || types.has('number')) {
    for (const value of ['abc', '1.5', '12abc', 'true']) fixed('wrong type', value);
    // Multipart text carries integers as decimal digits, the contract says in so many words.
    if (where === 'form') for (const value of ['0x10', '1e3', ' 1', '+1']) fixed('wrong type', value);
    if (typeof schema.minimum === 'number') fixed('out of range', String(schema.minimum - 1));
    if (typeof schema.maximum === 'number') fixed('out of range', String(schema.maximum + 1));
  }
  if (types.has('boolean')) for (const value of ['yes', 'TRUE', '1', '0', ' true']) fixed('wrong type', value);
  if (types.has('string')) {
    const enumValues = enumOf(schema).filter((v): v is string => typeof v === 'string' && v !== '');
    if (enumValues.length > 0) {
      fixed('not in enum', 'not-in-enum');
      fixed('not in enum', enumValues[0].toUpperCase());
      fixed('not in enum', `${enumValues[0]} `);
    }
    if (typeof schema.maxLength === 'number') {
      fixed('string length', 'x'.repeat(schema.maxLength + 1), `${schema.maxLength + 1} × "x"`);
      fixed('string length', '😀'.repeat(schema.maxLength + 1), `${schema.maxLength + 1} emoji`);
    }
    if (typeof schema.minLength === 'number' && schema.minLength > 0) fixed('string length', '');
    if (typeof schema.pattern === 'string')
      for (const value of ['abc', '1.234', '-5', '1,000', ' 100', '   ', '\t\n']) fixed('pattern or format', value);
    if (schema.format === 'date-time')
      for (const value of ['yesterday', '2026-13-45T00:00:00Z', '2026-11-01', '2026-11-01 10:00'])
        fixed('pattern or format', value);
    if (schema.format === 'date') for (const value of ['2026-13-45', '01/11/2026']) fixed('pattern or format', value);
  }
  out.push({ kind: 'NUL byte', label: 'a NUL character inside', value: (current) => insertNul(current || 'x') });
  return out;
}

/** A JSON value of the wrong type for `schema`, from the valid one. */
function jsonTypeCandidates(schema: Schema): { label: string; value: (current: unknown) => unknown }[] {
  const types = typesOf(schema);
  const numeric = types.has('integer') || types.has('number');
  const out: { label: string; value: (current: unknown) => unknown }[] = [];
  // The same value written as text: "24" is not an integer, "true" not a boolean.
  if (!types.has('string'))
    out.push({
      label: 'the value as a string',
      value: (current) =>
        current === undefined ? '1' : typeof current === 'string' ? current : JSON.stringify(current),
    });
  if (!numeric) out.push({ label: '42', value: () => 42 });
  if (types.has('integer') && !types.has('number'))
    out.push({ label: 'a fraction', value: (current) => (typeof current === 'number' ? current : 1) + 0.5 });
  if (!types.has('boolean')) out.push({ label: 'true', value: () => true });
  if (types.has('boolean')) out.push({ label: '0', value: () => 0 });
  if (!types.has('null')) out.push({ label: 'null', value: () => null });
  if (!types.has('array')) out.push({ label: 'the value in an array', value: (current) => [current ?? 'x'] });
  if (!types.has('object')) out.push({ label: 'an object', value: () => ({}) });
  return out;
}

function withQuery(shape: Shape, name: string, value: string): Shape {
  const query = shape.query.filter(([key]) => key !== name);
  query.push([name, value]);
  return { ...shape, query };
}

function jsonValue(shape: Shape): Record<string, unknown> {
  const body = shape.body;
  return body?.kind === 'json' && body.value && typeof body.value === 'object' && !Array.isArray(body.value)
    ? (body.value as Record<string, unknown>)
    : {};
}

const withJson = (shape: Shape, value: unknown): Shape => ({ ...shape, body: { kind: 'json', value } });

function formParts(shape: Shape): Part[] {
  return shape.body?.kind === 'form' ? shape.body.parts : [];
}

const withParts = (shape: Shape, parts: Part[]): Shape => ({ ...shape, body: { kind: 'form', parts } });

function setText(parts: Part[], name: string, value: string): Part[] {
  const out = parts.filter((part) => part.name !== name);
  out.push({ name, value });
  return out;
}

function paramMutations(op: Operation): Mutation[] {
  if (!op.params) return [];
  const names = Object.keys((op.params.properties ?? {}) as Record<string, unknown>);
  return names.flatMap((name) =>
    MALFORMED_IDS.map((value) => ({
      kind: 'malformed id' as const,
      label: `${name} = ${JSON.stringify(value.length > 20 ? `${value.slice(0, 10)}…(${value.length})` : value)}`,
      apply: (shape: Shape) => ({ ...shape, params: { ...shape.params, [name]: value } }),
    })),
  );
}

function queryMutations(op: Operation): Mutation[] {
  const properties = (op.querystring?.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([name, schema]) =>
    textCandidates(schema, 'query').map((candidate) => ({
      kind: candidate.kind,
      label: `query ${name} = ${candidate.label}`,
      apply: (shape: Shape) => withQuery(shape, name, candidate.value(shape.query.find(([key]) => key === name)?.[1])),
    })),
  );
}

function jsonMutations(op: Operation): Mutation[] {
  const schema = op.jsonBody!;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const out: Mutation[] = [];
  const set = (kind: Kind, label: string, name: string, value: (current: unknown) => unknown) =>
    out.push({
      kind,
      label: `${name}: ${label}`,
      apply: (shape) => withJson(shape, { ...jsonValue(shape), [name]: value(jsonValue(shape)[name]) }),
    });
  for (const [name, property] of Object.entries(properties)) {
    for (const candidate of jsonTypeCandidates(property)) set('wrong type', candidate.label, name, candidate.value);
    const types = typesOf(property);
    if (types.has('integer') || types.has('number')) {
      if (typeof property.minimum === 'number')
        set('out of range', `${property.minimum - 1}`, name, () => (property.minimum as number) - 1);
      if (typeof property.maximum === 'number')
        set('out of range', `${property.maximum + 1}`, name, () => (property.maximum as number) + 1);
    }
    if (types.has('string')) {
      const enumValues = enumOf(property).filter((v): v is string => typeof v === 'string' && v !== '');
      if (enumValues.length > 0) {
        set('not in enum', '"not-in-enum"', name, () => 'not-in-enum');
        set('not in enum', JSON.stringify(enumValues[0].toUpperCase()), name, () => enumValues[0].toUpperCase());
      }
      if (typeof property.maxLength === 'number') {
        const max = property.maxLength;
        set('string length', `${max + 1} × "x"`, name, () => 'x'.repeat(max + 1));
        set('string length', `${max + 1} emoji`, name, () => '😀'.repeat(max + 1));
      }
      if (typeof property.minLength === 'number' && property.minLength > 0) set('string length', '""', name, () => '');
      if (typeof property.pattern === 'string')
        for (const value of ['   ', '\t\n', 'abc', ''])
          set('pattern or format', JSON.stringify(value), name, () => value);
      set('NUL byte', 'a NUL character inside', name, (current) =>
        insertNul(typeof current === 'string' && current ? current : 'x'),
      );
    }
    if (required.has(name)) {
      out.push({
        kind: 'missing required field',
        label: `${name} left out`,
        apply: (shape) => {
          const value = { ...jsonValue(shape) };
          delete value[name];
          return withJson(shape, value);
        },
      });
    }
  }
  if (schema.additionalProperties === false) {
    for (const [key, value] of [
      ['unexpected', 'x'],
      ['isAdmin', true],
      ['constructor', {}],
    ] as const) {
      out.push({
        kind: 'unknown property',
        label: `extra property ${key}`,
        apply: (shape) => withJson(shape, { ...jsonValue(shape), [key]: value }),
      });
    }
  }
  for (const [label, value] of [
    ['[]', []],
    ['"text"', 'text'],
    ['42', 42],
    ['null', null],
    ['true', true],
  ] as const) {
    out.push({ kind: 'body not an object', label: `body ${label}`, apply: (shape) => withJson(shape, value) });
  }
  out.push({
    kind: 'body not an object',
    label: 'the body in an array',
    apply: (shape) => withJson(shape, [jsonValue(shape)]),
  });
  for (const payload of ['{"', 'not json', "{'single': 'quotes'}", '{"a":1}}', '']) {
    out.push({
      kind: 'body not readable',
      label: `${JSON.stringify(payload)} as application/json`,
      apply: (shape) => ({
        ...shape,
        body: { kind: 'raw', contentType: 'application/json', payload, unreadable: 'the body is not JSON' },
      }),
    });
  }
  // Over any sensible body limit (2 MiB of text in the first string field): refused as unreadable (400) or as breaking the schema (422).
  const firstString = Object.entries(properties).find(([, property]) => typesOf(property).has('string'))?.[0];
  if (firstString) {
    out.push({
      kind: 'body too large',
      label: `${firstString} of 2 MiB`,
      apply: (shape) => ({
        ...shape,
        body: {
          kind: 'raw',
          contentType: 'application/json',
          payload: JSON.stringify({ ...jsonValue(shape), [firstString]: 'x'.repeat(2 * 1024 * 1024) }),
        },
      }),
    });
  }
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
    out.push({
      kind: 'media type',
      label: `the JSON body sent as ${contentType}`,
      apply: (shape) => ({ ...shape, body: { kind: 'raw', contentType, payload: JSON.stringify(jsonValue(shape)) } }),
    });
  }
  return out;
}

function formMutations(op: Operation): Mutation[] {
  const schema = textFormSchema(op)!;
  const files = fileFields(op);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((op.multipartBody?.required ?? []) as string[]);
  const out: Mutation[] = [];
  for (const [name, property] of Object.entries(properties)) {
    for (const candidate of textCandidates(property, 'form')) {
      out.push({
        kind: candidate.kind,
        label: `${name} = ${candidate.label}`,
        apply: (shape) => {
          const current = formParts(shape).find((part) => part.name === name)?.value;
          return withParts(
            shape,
            setText(formParts(shape), name, candidate.value(typeof current === 'string' ? current : undefined)),
          );
        },
      });
    }
    // An update clears a field sent empty, where its schema takes ''; a
    // create reads it as left out. stock and isActive are never empty, and a
    // required field sent empty to create is missing (the oracle tells which).
    out.push({
      kind: 'empty value that cannot clear',
      label: `${name} sent empty`,
      apply: (shape) => withParts(shape, setText(formParts(shape), name, '')),
    });
  }
  for (const name of required) {
    out.push({
      kind: 'missing required field',
      label: `${name} left out`,
      apply: (shape) =>
        withParts(
          shape,
          formParts(shape).filter((part) => part.name !== name),
        ),
    });
  }
  const firstText = Object.keys(properties)[0];
  const structure = (label: string, apply: (parts: Part[]) => Part[]) =>
    out.push({ kind: 'multipart structure', label, apply: (shape) => withParts(shape, apply(formParts(shape))) });
  structure('a part with no headers first', (parts) => [{ name: '', value: 'orphan', rawHeaders: '' }, ...parts]);
  structure('a part with no headers last', (parts) => [...parts, { name: '', value: 'orphan', rawHeaders: '' }]);
  structure('a file part of a name the form does not define', (parts) => [
    ...parts,
    { name: 'padding', value: Buffer.alloc(1024, 0x41), filename: 'padding.bin' },
  ]);
  if (firstText) {
    structure(`text field ${firstText} sent as a file part`, (parts) => [
      ...parts.filter((part) => part.name !== firstText),
      {
        name: firstText,
        value: String(parts.find((part) => part.name === firstText)?.value ?? 'x'),
        filename: `${firstText}.txt`,
        contentType: 'text/plain',
      },
    ]);
    structure(`text field ${firstText} sent twice`, (parts) => {
      const first = parts.find((part) => part.name === firstText && part.filename === undefined);
      return first
        ? [...parts, { ...first }]
        : [...parts, { name: firstText, value: 'x' }, { name: firstText, value: 'x' }];
    });
  }
  for (const [name, field] of files) {
    if (field.contentType.startsWith('image/')) {
      structure(`${name} sent without a filename, not an image`, (parts) => [
        ...parts.filter((part) => part.name !== name),
        { name, value: 'hello' },
      ]);
      structure(`${name} that is not an image`, (parts) => [
        ...parts.filter((part) => part.name !== name),
        { name, value: '<script>alert(1)</script>', filename: 'x.png', contentType: 'image/png' },
      ]);
      if (field.multiple) {
        structure(`${MAX_IMAGE_FILES + 1} files as ${name}`, (parts) => [
          ...parts.filter((part) => part.name !== name),
          ...Array.from({ length: MAX_IMAGE_FILES + 1 }, (_, i) => ({
            name,
            value: PNG,
            filename: `${i}.png`,
            contentType: 'image/png',
          })),
        ]);
      } else {
        structure(`two files as ${name}`, (parts) => [
          ...parts.filter((part) => part.name !== name),
          { name, value: PNG, filename: 'a.png', contentType: 'image/png' },
          { name, value: PNG, filename: 'b.png', contentType: 'image/png' },
        ]);
      }
    }
    if (field.maxBytes !== undefined) {
      const max = field.maxBytes;
      const oversized = field.contentType.startsWith('image/')
        ? Buffer.concat([PNG, Buffer.alloc(max + 1 - PNG.length)])
        : Buffer.from(`Type,Name\r\n${'x'.repeat(max)}`, 'utf8');
      out.push({
        kind: 'body too large',
        label: `${name} of ${oversized.length} bytes (at most ${max})`,
        apply: (shape) =>
          withParts(shape, [
            ...formParts(shape).filter((part) => part.name !== name),
            { name, value: oversized, filename: 'big.bin', contentType: field.contentType },
          ]),
      });
    }
    if (!field.contentType.startsWith('image/') && !field.multiple) {
      structure(`a second file as ${name}`, (parts) => {
        const file = parts.find((part) => part.name === name && part.filename !== undefined);
        return [...parts, file ? { ...file, filename: 'second.csv' } : { name, value: 'x', filename: 'second.csv' }];
      });
    }
  }
  out.push({
    kind: 'body not readable',
    label: 'multipart body cut before its closing boundary',
    apply: (shape) => {
      const bytes = encodeMultipart(formParts(shape));
      return {
        ...shape,
        body: {
          kind: 'raw',
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          payload: bytes.subarray(0, bytes.length - `--${BOUNDARY}--\r\n`.length - 5),
          unreadable: 'malformed multipart',
        },
      };
    },
  });
  out.push({
    kind: 'body not readable',
    label: 'multipart body whose boundary is not the declared one',
    apply: (shape) => ({
      ...shape,
      body: {
        kind: 'raw',
        contentType: 'multipart/form-data; boundary=another-boundary',
        payload: encodeMultipart(formParts(shape)),
        unreadable: 'malformed multipart',
      },
    }),
  });
  out.push({
    kind: 'media type',
    label: 'the text fields sent as JSON',
    apply: (shape) => ({
      ...shape,
      body: {
        kind: 'json',
        value: Object.fromEntries(
          formParts(shape)
            .filter((p) => typeof p.value === 'string')
            .map((p) => [p.name, p.value]),
        ),
      },
    }),
  });
  return out;
}

/** Every one-place mutation for `op`. */
export function mutationsFor(op: Operation): Mutation[] {
  const out = [...paramMutations(op), ...queryMutations(op)];
  if (op.jsonBody) out.push(...jsonMutations(op));
  if (op.multipartBody) out.push(...formMutations(op));
  if (!op.public)
    out.push({ kind: 'no session', label: 'no session cookie', apply: (shape) => ({ ...shape, cookie: 'none' }) });
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method)) {
    out.push({
      kind: 'cross-origin',
      label: `Origin: ${FOREIGN_ORIGIN}`,
      apply: (shape) => ({ ...shape, headers: { ...shape.headers, origin: FOREIGN_ORIGIN } }),
    });
  }
  return out;
}

/** The mutations of `op`, by kind, in a stable order. */
export function mutationsByKind(op: Operation): Map<Kind, Mutation[]> {
  const out = new Map<Kind, Mutation[]>();
  for (const mutation of mutationsFor(op)) {
    const list = out.get(mutation.kind) ?? [];
    list.push(mutation);
    out.set(mutation.kind, list);
  }
  return out;
}
