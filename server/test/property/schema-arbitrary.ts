// JSON Schema → fast-check arbitrary, for the subset openapi.yaml uses: type
// (also as a list, for nullable), enum, const, anyOf / oneOf, numbers with
// minimum / maximum / exclusive bounds, strings with minLength / maxLength /
// pattern / format (date, date-time, email, uri, uuid), arrays with items /
// minItems / maxItems / uniqueItems, tuples (prefixItems, a schema per position;
// the chatbot's week), objects with properties / required / minProperties. Every value it
// generates is meant to be valid; the caller double-checks with the
// contract's own validator (see oracle.ts).
//
// Strings stay modest (at most STRING_CAP code points unless the schema's
// minLength asks for more) and mix plain letters with awkward but valid text:
// unicode, emoji, quotes, markup, spaces at either end, line breaks. Never the
// NUL character, nor a byte-order mark at the start: the contract forbids them in every text.
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

/** A schema the converter cannot produce values for (an optional property is then left out). */
export class Ungeneratable extends Error {}

/** Longest string generated when the schema allows more. */
export const STRING_CAP = 300;

/** What the converter could not express exactly, shown once at the end of the run. */
export const converterNotes = new Set<string>();

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');
const AWKWARD = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '"',
  "'",
  '\\',
  '`',
  '<script>alert(1)</script>',
  '<b>',
  '&amp;',
  "'); DROP TABLE products;--",
  '${x}',
  '{{x}}',
  '%00',
  '%s',
  ',',
  ';',
  '=',
  '😀',
  '👩‍👩‍👧',
  '🇰🇪',
  'é',
  'e\u0301',
  'ß',
  'Ω',
  '中文',
  'עברית',
  'مرحبا',
  '\u200b',
  '\u00a0',
  '\u2028',
  '\ufeff',
  'null',
  'undefined',
  'NaN',
];

const unit: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PLAIN) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom(...AWKWARD) },
);

export const codePoints = (text: string) => Array.from(text).length;
// eslint-disable-next-line no-control-regex -- NUL is what it removes
const withoutNul = (text: string) => text.replace(/\u0000/g, '').replace(/^\uFEFF+/, '');

/** Between min and max code points: cut at max, padded up to min. */
function fit(text: string, min: number, max: number): string {
  const points = Array.from(withoutNul(text));
  if (points.length > max) return points.slice(0, max).join('');
  return points.join('') + 'a'.repeat(Math.max(0, min - points.length));
}

/**
 * Text of min..max code points, usually short, sometimes at the upper bound.
 * An array of units (so shrinking drops units one by one), joined and fitted.
 */
export function text(min: number, max: number): fc.Arbitrary<string> {
  const units = (minLength: number, maxLength: number, size?: fc.SizeForArbitrary) =>
    fc.array(unit, { minLength, maxLength, ...(size ? { size } : {}) }).map((parts) => fit(parts.join(''), min, max));
  return fc.oneof(
    { weight: 6, arbitrary: units(min, Math.min(max, min + 24)) },
    { weight: 1, arbitrary: units(max, max) },
    { weight: 1, arbitrary: units(min, max, 'max') },
  );
}

function lengthBounds(schema: Schema): { min: number; max: number } {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const declared = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return { min, max: Math.max(min, Math.min(declared, STRING_CAP)) };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant written the ways RFC 3339 allows: UTC with or without fractions, or with an offset. */
const dateTime = fc
  .tuple(
    fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([date, style]) => {
    const iso = date.toISOString();
    if (style === 0) return iso;
    if (style === 1) return iso.replace(/\.\d{3}Z$/, 'Z');
    // The same instant written in East Africa Time (+03:00) or at -05:30.
    const offsetMinutes = style === 2 ? 180 : -330;
    const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().replace(/Z$/, '');
    const sign = offsetMinutes >= 0 ? '+' : '-';
    const abs = Math.abs(offsetMinutes);
    return `${local}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
  });

const date = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringArbitrary(schema: Schema, where: string): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(schema);
  const inBounds = (s: string) => codePoints(s) >= min && codePoints(s) <= max;
  if (typeof schema.format === 'string') {
    const formats: Record<string, fc.Arbitrary<string>> = {
      'date-time': dateTime,
      date,
      email: fc.emailAddress(),
      uri: fc.webUrl(),
      uuid: fc.uuid(),
    };
    const arbitrary = formats[schema.format];
    if (arbitrary) return arbitrary.filter(inBounds);
    converterNotes.add(`${where}: format "${schema.format}" is not generated specially (plain text instead)`);
  }
  if (typeof schema.pattern === 'string') return patterned(schema.pattern, min, max, where);
  return text(min, max);
}

function patterned(pattern: string, min: number, max: number, where: string): fc.Arbitrary<string> {
  let re: RegExp;
  let whole: fc.Arbitrary<string>;
  try {
    re = new RegExp(pattern, 'u');
    // A match of the pattern alone; stringMatching handles classes, groups and counts.
    const anchored = pattern.startsWith('^') ? pattern : `^(?:${pattern})`;
    whole = fc.stringMatching(new RegExp(anchored.endsWith('$') ? anchored : `${anchored}$`, 'u')).map(withoutNul);
  } catch (error) {
    throw new Ungeneratable(`${where}: pattern ${pattern} cannot be generated (${(error as Error).message})`);
  }
  const ok = (s: string) => re.test(s) && codePoints(s) >= min && codePoints(s) <= max;
  if (pattern.startsWith('^') && pattern.endsWith('$')) return whole.filter(ok);
  // Unanchored: the match somewhere inside awkward text.
  return whole
    .filter((m) => codePoints(m) <= max)
    .chain((m) => {
      const room = max - codePoints(m);
      return fc.tuple(text(0, Math.floor(room / 2)), text(0, Math.ceil(room / 2))).map(([before, after]) => {
        const joined = `${before}${m}${after}`;
        const missing = min - codePoints(joined);
        return missing > 0 ? joined + 'a'.repeat(missing) : joined;
      });
    })
    .filter(ok);
}

function integerBounds(schema: Schema): { min: number; max: number } {
  let min = typeof schema.minimum === 'number' ? schema.minimum : -2147483648;
  let max = typeof schema.maximum === 'number' ? schema.maximum : 2147483647;
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  return { min: Math.ceil(min), max: Math.floor(max) };
}

function numberArbitrary(schema: Schema, integer: boolean, where: string): fc.Arbitrary<number> {
  if (schema.multipleOf !== undefined) converterNotes.add(`${where}: multipleOf is not honoured`);
  if (integer) {
    const { min, max } = integerBounds(schema);
    return fc.oneof(
      { weight: 5, arbitrary: fc.integer({ min, max }) },
      { weight: 1, arbitrary: fc.constantFrom(min, max) },
    );
  }
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum
        : -1e9;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum
        : 1e9;
  const minExcluded = typeof schema.exclusiveMinimum === 'number' && schema.minimum === undefined;
  const maxExcluded = typeof schema.exclusiveMaximum === 'number' && schema.maximum === undefined;
  const whole = fc.integer({
    min: Math.ceil(min + (minExcluded ? 1 : 0)),
    max: Math.floor(max - (maxExcluded ? 1 : 0)),
  });
  const real = fc
    .double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true })
    .map((n) => (Object.is(n, -0) ? 0 : n));
  return fc.oneof(whole, real);
}

/** The schema's keywords other than the ones listed. */
function without(schema: Schema, ...keys: string[]): Schema {
  const rest = { ...schema };
  for (const key of keys) delete rest[key];
  return rest;
}

/** An arbitrary of values valid for `schema`; `where` names the spot in notes. */
export function arbitraryFor(schema: Schema, where = 'value'): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      const rest = without(schema, key);
      return fc.oneof(
        ...(schema[key] as Schema[]).map((branch, i) => arbitraryFor({ ...rest, ...branch }, `${where}.${key}[${i}]`)),
      );
    }
  }
  if (Array.isArray(schema.allOf)) {
    converterNotes.add(`${where}: allOf is merged shallowly`);
    return arbitraryFor(Object.assign(without(schema, 'allOf'), ...(schema.allOf as Schema[])), where);
  }
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryFor({ ...schema, type }, `${where}<${type}>`)));
  }
  const type =
    (schema.type as string | undefined) ??
    (schema.properties ? 'object' : schema.items || schema.prefixItems ? 'array' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true, where);
    case 'number':
      return numberArbitrary(schema, false, where);
    case 'string':
      return stringArbitrary(schema, where);
    case 'array': {
      // A tuple as long as its positions (items after them are not generated).
      if (Array.isArray(schema.prefixItems))
        return fc.tuple(...(schema.prefixItems as Schema[]).map((item, i) => arbitraryFor(item, `${where}[${i}]`)));
      const items = schema.items ? arbitraryFor(schema.items as Schema, `${where}[]`) : fc.constant('x');
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const declared = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      const maxLength = Math.max(minLength, Math.min(declared, minLength + 5));
      // Unique by their JSON: equal objects or numbers count as the same item, as JSON Schema says.
      if (schema.uniqueItems)
        return fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) });
      return fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) {
        try {
          model[key] = arbitraryFor(value, `${where}.${key}`);
        } catch (error) {
          if (!(error instanceof Ungeneratable) || required.includes(key)) throw error;
          converterNotes.add(`${error.message}; the optional property is left out`);
        }
      }
      const record = fc.record(model, { requiredKeys: required.filter((key) => key in model) });
      const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      // Too few properties (a PATCH that must change something): drawn again.
      return minProperties > 0 ? record.filter((value) => Object.keys(value).length >= minProperties) : record;
    }
    default:
      converterNotes.add(`${where}: no type; a fixed text is used`);
      return fc.constant('x');
  }
}

/** The JSON types a schema admits ('integer' and 'number' kept apart). */
export function typesOf(schema: Schema | undefined): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  const add = (value: unknown) => {
    if (value === null) out.add('null');
    else if (Array.isArray(value)) out.add('array');
    else if (typeof value === 'number') out.add(Number.isInteger(value) ? 'integer' : 'number');
    else out.add(typeof value);
  };
  if ('const' in schema) add(schema.const);
  if (Array.isArray(schema.enum)) schema.enum.forEach(add);
  if (typeof schema.type === 'string') out.add(schema.type);
  if (Array.isArray(schema.type)) for (const type of schema.type) out.add(type as string);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(schema[key]))
      for (const branch of schema[key] as Schema[]) for (const type of typesOf(branch)) out.add(type);
  }
  if (out.size === 0 && schema.properties) out.add('object');
  return out;
}
