// openapi.yaml, read at start-up and turned into route definitions: the
// method, path, parameters and JSON bodies each route accepts come from the
// contract, so the server cannot drift from it. Multipart forms are checked
// against the same schemas once their parts are read (see products/form.ts),
// file size limits come from the contract's x-max-bytes, and in tests every
// response is checked against the contract too. Reading the contract and the
// validator set-up are shared (common/contract); what is here is the server's
// own: Fastify's request validators and the rule on text no database keeps.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyServerOptions } from 'fastify';

import { CONTRACT_FILE, createAjv, type JsonSchema } from '../../../common/contract';

export {
  createAjv,
  loadOperations,
  maxBytes,
  operation,
  responseViolation,
  type Operation,
} from '../../../common/contract';

export const CONTRACT_PATH = CONTRACT_FILE;

type Schema = JsonSchema;

export const NUL_MESSAGE = 'must not contain NUL characters or begin with a byte-order mark (U+FEFF)';

/**
 * Text no database keeps as sent: the NUL character (PostgreSQL refuses it)
 * and a leading byte-order mark (the embedded database's reader drops it, so
 * what was saved would not be what is read back).
 */
export const unstorableText = (text: string) => text.includes('\u0000') || text.startsWith('\uFEFF');

/** Where the first string holding unstorable text is, as a JSON pointer; undefined when none does. */
export function nulAt(data: unknown, at = ''): string | undefined {
  if (typeof data === 'string') return unstorableText(data) ? at : undefined;
  if (Array.isArray(data)) {
    for (const [i, item] of data.entries()) {
      const found = nulAt(item, `${at}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      const found = unstorableText(key) ? at : nulAt(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

/**
 * Fastify's request validators. A JSON body is validated as sent: its types
 * are never coerced. Query strings, path parameters and headers are text and
 * are read as the numbers or booleans their schema names. Text holding a
 * NUL character is refused in all of them: no database stores it.
 */
export const requestValidators = (() => {
  const asSent = createAjv({ allErrors: false });
  const fromText = createAjv({ coerceTypes: 'array', allErrors: false });
  return ({ schema, httpPart }: { schema: Schema; httpPart?: string }) => {
    const validate = (httpPart === 'body' ? asSent : fromText).compile(schema);
    // Fastify hands Ajv's data context (so a coerced root value can be
    // replaced) to functions that carry schemaEnv, as Ajv's own do.
    const check = Object.assign(
      (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
        if (!validate(data, context)) {
          check.errors = validate.errors;
          return false;
        }
        const at = nulAt(data);
        check.errors =
          at === undefined
            ? null
            : [
                {
                  keyword: 'nul',
                  instancePath: at,
                  schemaPath: '#',
                  params: {},
                  message: NUL_MESSAGE,
                } satisfies ErrorObject,
              ];
        return at === undefined;
      },
      { errors: null as ErrorObject[] | null | undefined, schemaEnv: validate.schemaEnv },
    );
    return check;
  };
}) as unknown as ValidatorFactory;
