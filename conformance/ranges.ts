// Out-of-range integers: every integer a request may carry
// (common/contract/request-integers) is sent just past its maximum and as
// 2^31, one past the largest 32-bit integer, where a database column of that
// size ends. The answer must be a 4xx the operation documents: a server that
// hands such a number to its database unchecked answers 500 instead.
//   parameters (path, query): GETs in any mode, aimed at the records the
//     check has read; the other methods with --write, aimed at ids nothing
//     has, so a server that takes the number still changes nothing;
//   body fields (JSON, form; --write, from negative.ts's body cases): the rest
//     of the body valid, as the operation's own sample or a body that changes
//     nothing; a server that takes the number gets what it held written back
//     (the settings, the quick replies' order) or loses what it made (a
//     product).
// A case is aimed only where a server that takes it changes nothing, or
// nothing that is not put back; an operation the check cannot aim at is
// reported as not checked, so a new integer in the contract is not skipped
// unnoticed.
import type { JsonSchema } from '../common/contract';
import type { RequestInteger, Segment } from '../common/contract/request-integers';
import { worstFirst, type Operation, type Violation } from './contract';
import { multipart, requiredCreateParts } from './forms';
import { parseJson, type Ctx, type Result, type SendInit } from './shared';

/** One past the largest 32-bit signed integer (PostgreSQL's integer, Java's int…). */
export const PAST_INT32 = 2 ** 31;

type Value = { value: number; why: string };

/** What to send past an integer's maximum: maximum + 1, and 2^31 while that is out of range too. */
export function valuesPast(integer: Pick<RequestInteger, 'maximum'>): Value[] {
  const { maximum } = integer;
  if (maximum === undefined) return [{ value: PAST_INT32, why: '2^31; the contract states no maximum' }];
  if (maximum + 1 === PAST_INT32) return [{ value: PAST_INT32, why: 'its maximum + 1, 2^31' }];
  const values = [{ value: maximum + 1, why: 'its maximum + 1' }];
  if (maximum < PAST_INT32) values.push({ value: PAST_INT32, why: '2^31' });
  return values;
}

/** The 4xx statuses a case may be refused with: those the operation documents, but for a missing session (401) or a foreign site (403), which the check does not send. */
function refusals(op: Operation): number[] {
  return Object.keys(op.responses)
    .filter((s) => /^4\d\d$/.test(s) && s !== '401' && s !== '403')
    .map(Number);
}

const integersOf = (ctx: Ctx, op: Operation, where: (i: RequestInteger) => boolean) =>
  ctx.contract.integers.filter((i) => i.operationId === op.id && where(i));

/** Sends one case and records its row; answers the status and parsed body. */
async function sendCase(
  ctx: Ctx,
  op: Operation,
  spec: { path: string; init: SendInit; field: string; past: Value },
): Promise<{ status: number; body: unknown; result: Result }> {
  const accepted = refusals(op);
  const answer = await ctx.send(op.method, spec.path, {
    headers: { ...spec.init.headers, cookie: ctx.cookie },
    body: spec.init.body,
  });
  const violations: Violation[] = accepted.includes(answer.status)
    ? []
    : [
        {
          path: 'status',
          message: `answered ${answer.status} to ${spec.field} = ${spec.past.value} (${spec.past.why}); must be a 4xx the contract documents (${accepted.join(', ')})`,
        },
      ];
  violations.push(...ctx.contract.check(op, answer.status, answer.headers, answer.body));
  const result: Result = {
    operation: op.label,
    operationId: op.id,
    check: 'out of range',
    detail: `${spec.field} = ${spec.past.value} (${spec.past.why})`,
    result: violations.length ? 'fail' : 'pass',
    status: answer.status,
    violations: worstFirst(violations),
    request: ctx.lastRequest(),
  };
  ctx.results.push(result);
  return { status: answer.status, body: parseJson(answer.body), result };
}

/** A case not sent: skipped when this server's data did not allow it, not checked when the check cannot send it. */
type Unsent = { result: 'skipped' | 'not checked'; reason: string };

const unsent = (ctx: Ctx, op: Operation, field: string, { result, reason }: Unsent) =>
  ctx.results.push({
    operation: op.label,
    operationId: op.id,
    check: 'out of range',
    detail: field,
    result,
    violations: [],
    reason,
  });

/**
 * The cases of an operation's integer parameters (path and query; `limit`
 * has cases of its own in paging.ts, as a list that does not page may ignore
 * it). `fill` gives the path with that parameter set and the others aimed as
 * the caller chose; `init` is the rest of the request (a valid body).
 */
export async function parameterRanges(
  ctx: Ctx,
  op: Operation,
  fill: (name: string, value: string) => string,
  init: SendInit = {},
) {
  if (refusals(op).length === 0) return;
  for (const integer of integersOf(ctx, op, (i) => i.in !== 'body' && !(i.in === 'query' && i.field === 'limit'))) {
    if ((integer.in !== 'path' && integer.in !== 'query') || integer.segments.length > 0) {
      unsent(ctx, op, integer.field, {
        result: 'not checked',
        reason: 'the check sends integers in the path, the query and the body only',
      });
      continue;
    }
    for (const past of valuesPast(integer)) {
      let path = fill(integer.field, integer.in === 'path' ? String(past.value) : '');
      if (integer.in === 'query') {
        const [base, query = ''] = path.split('?');
        const params = new URLSearchParams(query);
        params.set(integer.field, String(past.value));
        path = `${base}?${params.toString()}`;
      }
      await sendCase(ctx, op, { path, init, field: integer.field, past });
    }
  }
}

/** A value a schema accepts, as small as can be: for the other fields of an item the check adds. */
function minimal(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (variants?.length) return minimal(variants[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(((schema.required ?? []) as string[]).map((k) => [k, minimal(properties[k])]));
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'string':
      return 'Conformance';
    default:
      return null;
  }
}

/**
 * `body` with the integer at `segments` set to `value`: a property is set,
 * a list item (`[]`) added at the end, so what the list held stays as it
 * was; an item the check adds has the smallest values its schema allows.
 */
export function withValue(body: unknown, schema: JsonSchema | undefined, segments: Segment[], value: number): unknown {
  if (segments.length === 0) return value;
  const [step, ...rest] = segments;
  if (typeof step === 'string') {
    const object: Record<string, unknown> =
      body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
    const child = (schema?.properties as Record<string, JsonSchema> | undefined)?.[step];
    object[step] = withValue(object[step] ?? minimal(child), child, rest, value);
    return object;
  }
  const list = Array.isArray(body) ? [...(body as unknown[])] : [];
  if (step.item === 'any') {
    const child = schema?.items as JsonSchema | undefined;
    list.push(withValue(minimal(child), child, rest, value));
  } else {
    const child = (schema?.prefixItems as JsonSchema[] | undefined)?.[step.item];
    list[step.item] = withValue(list[step.item] ?? minimal(child), child, rest, value);
  }
  return list;
}

const json = (value: unknown): SendInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

/**
 * A JSON body to start from, valid as it is, and whether a server that takes
 * a changed copy must get it written back: the settings as read, the quick
 * replies' order as read, or a body that changes nothing whatever the server
 * does with it (`valid`, aimed by the caller).
 */
function jsonBase(ctx: Ctx, op: Operation, valid: SendInit | undefined): { body: unknown; restore: boolean } | Unsent {
  // Samples are kept only from answers that conform.
  const sample = (id: string) => ctx.samples.get(id);
  const unread = (what: string): Unsent => ({ result: 'skipped', reason: `${what} could not be read` });
  switch (op.id) {
    case 'updateFollowUpSettings':
    case 'updateBotSettings': {
      const read = sample(op.id === 'updateBotSettings' ? 'getBotSettings' : 'getFollowUpSettings');
      return read && typeof read === 'object' ? { body: read, restore: true } : unread('the settings');
    }
    case 'updateBusinessProfile': {
      // The logo is read-only: the rest, as read, is what the PUT takes.
      const read = sample('getBusinessProfile');
      if (!read || typeof read !== 'object') return unread('the business profile');
      const { logoUrl: _logo, ...input } = read as Record<string, unknown>;
      return { body: input, restore: true };
    }
    case 'updateDeliveryPickup': {
      // Pickup as read, within the list of zones.
      const read = (sample('listDeliveryZones') as { pickup?: unknown } | undefined)?.pickup;
      return read && typeof read === 'object' ? { body: read, restore: true } : unread('pickup');
    }
    case 'reorderQuickReplies': {
      const list = sample('listQuickReplies');
      return Array.isArray(list)
        ? { body: { ids: list.map((q) => (q as { id?: unknown }).id) }, restore: true }
        : unread('the quick replies');
    }
    default:
      return typeof valid?.body === 'string'
        ? { body: parseJson(valid.body), restore: false }
        : { result: 'not checked', reason: 'the check has no body of this operation that changes nothing' };
  }
}

/**
 * The cases of an operation's body fields (--write), sent to `path` (as the
 * body cases of negative.ts aim it). `valid` is a body of the operation that
 * changes nothing at that path, for the operations without a sample to
 * start from.
 */
export async function bodyRanges(ctx: Ctx, op: Operation, path: string, valid: SendInit | undefined) {
  if (refusals(op).length === 0) return;
  for (const integer of integersOf(ctx, op, (i) => i.in === 'body')) {
    if (integer.mediaType === 'application/json') {
      const base = jsonBase(ctx, op, valid);
      if ('reason' in base) {
        unsent(ctx, op, integer.field, base);
        continue;
      }
      for (const past of valuesPast(integer)) {
        const body = withValue(base.body, op.jsonBody, integer.segments, past.value);
        const sent = await sendCase(ctx, op, { path, init: json(body), field: integer.field, past });
        if (base.restore && sent.status < 300) await writeBack(ctx, op, path, base.body, sent.result);
      }
    } else if (integer.mediaType === 'multipart/form-data' && integer.segments.length === 1) {
      for (const past of valuesPast(integer)) {
        // A new product is inactive, so no customer sees it if the server makes it; it is deleted at once.
        const parts =
          op.id === 'createProduct'
            ? [...requiredCreateParts('Conformance slab (out of range)'), { name: 'isActive', value: 'false' }]
            : [];
        const form = multipart([...parts, { name: integer.field, value: String(past.value) }]);
        const sent = await sendCase(ctx, op, { path, init: form, field: integer.field, past });
        const made = (sent.body as { id?: unknown } | undefined)?.id;
        if (op.id === 'createProduct' && sent.status < 300 && typeof made === 'number')
          await ctx.send('DELETE', `/api/products/${made}`, { headers: { cookie: ctx.cookie } });
      }
    } else
      unsent(ctx, op, integer.field, {
        result: 'not checked',
        reason: `the check sends JSON fields and top-level form fields only (${integer.mediaType})`,
      });
  }
}

/** A server took a number out of range: what it held is written back, and the row says if that failed. */
async function writeBack(ctx: Ctx, op: Operation, path: string, held: unknown, result: Result) {
  const back = await ctx.send(op.method, path, {
    ...json(held),
    headers: { ...json(held).headers, cookie: ctx.cookie },
  });
  if (back.status >= 300) {
    result.violations.push({
      path: 'status',
      message: `writing back what ${op.label} held answered ${back.status}: check it by hand`,
    });
    result.result = 'fail';
  }
}
