// Negative cases: for each operation, the refusals the contract documents are
// provoked and the answer's status and ErrorResponse body checked.
//   malformed id (`abc`, `0`, `-1`)     → 400
//   an id nothing has (UNKNOWN_ID)      → 404
//   a query parameter outside its schema (NUL in text, a number out of range) → 422
//   a body that cannot be read (broken JSON or multipart) → 400 (422 where only that is documented)
//   a body of a media type the operation does not take → 422
//   a JSON body of the wrong types      → 422
//   a foreign Origin on a state-changing call → 403
//   wrong credentials on sign-in        → 401
//   an integer past its maximum, and 2^31 → a documented 4xx (ranges.ts)
// A case runs only when the contract documents its status for that
// operation. Read-only mode sends GETs only; every other case needs --write.
// Each write case is aimed so that a server that wrongly accepts it still
// changes nothing: an id nothing has, no body, a body no server can apply, or
// the value that is already stored.
import type { components } from '../common/generated/openapi-types';
import type { Operation } from './contract';
import { bodyRanges, parameterRanges } from './ranges';
import {
  FOREIGN_ORIGIN,
  REACHES_CUSTOMERS,
  resourceOf,
  type Check,
  type Ctx,
  type Resource,
  type SendInit,
} from './shared';

/** Every path parameter ({id}, {messageId}, {quickReplyId}) set to `value`. */
export const fillPath = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
export const hasId = (path: string) => /\{[^}]+\}/.test(path);

/** Well-formed (the largest id the contract allows) and, checked first with a GET, matching nothing. */
export const UNKNOWN_ID = 2147483647;
const MALFORMED_IDS = ['abc', '0', '-1'];
const BOUNDARY = 'conformance-boundary';

const json = (value: unknown): SendInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});
function form(fields: Record<string, string>): SendInit {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return { body };
}

/** A body each operation accepts, for the cases where only the id is wrong. */
const VALID_BODY: Record<string, () => SendInit> = {
  updateProduct: () =>
    form({ stock: '1' } satisfies { [K in keyof components['schemas']['ProductUpdateForm']]?: string }),
  updateConversationStatus: () =>
    json({ status: 'bot_active' } satisfies components['schemas']['ConversationStatusUpdate']),
  sendConversationTemplate: () =>
    json({ templateId: 1, variables: ['Conformance'] } satisfies components['schemas']['SendTemplateRequest']),
  createQuickReply: () =>
    json({ title: 'Conformance', content: 'Conformance check' } satisfies components['schemas']['QuickReplyInput']),
  updateQuickReply: () => json({ title: 'Conformance' } satisfies components['schemas']['QuickReplyUpdate']),
  reorderQuickReplies: () => json({ ids: [] } satisfies components['schemas']['QuickReplyOrder']),
  createQuote: () => json({ lines: [{ productId: 1, quantity: 1 }] } satisfies components['schemas']['QuoteInput']),
  updateQuote: () => json({ note: 'Conformance check' } satisfies components['schemas']['QuoteUpdate']),
  updateOrder: () => json({ deliveryTown: 'Nairobi' } satisfies components['schemas']['OrderUpdate']),
  changeOrderStatus: () =>
    json({ status: 'cancelled', tellCustomer: false } satisfies components['schemas']['OrderStatusChange']),
  recordOrderPayment: () =>
    json({
      amount: 1,
      method: 'cash',
      reference: 'conformance',
    } satisfies components['schemas']['OrderPaymentInput']),
  // M-Pesa payments: aimed at ids nothing has, so nothing is pushed, matched or dismissed.
  requestOrderPayment: () => json({ amount: 1 } satisfies components['schemas']['PaymentRequestInput']),
  matchPayment: () =>
    json({ orderId: 1, note: 'Conformance check' } satisfies components['schemas']['PaymentMatchInput']),
  dismissPayment: () => json({ note: 'Conformance check' } satisfies components['schemas']['PaymentDismissInput']),
  createDeliveryZone: () =>
    json({ name: 'Conformance', fee: 0, leadDays: 0 } satisfies components['schemas']['DeliveryZoneInput']),
  updateDeliveryZone: () => json({ leadDays: 1 } satisfies components['schemas']['DeliveryZoneUpdate']),
  sendConversationMessage: () =>
    json({
      content: 'Conformance check: please ignore this message.',
      messageType: 'text',
    } satisfies components['schemas']['SendMessageRequest']),
};

const documents = (op: Operation, status: number) => String(status) in op.responses;
const hasBody = (op: Operation) => op.jsonBody !== undefined || op.multipartBody !== undefined;

/**
 * The path of `op` with the parameter `name` set to `value` and every other
 * one to `other(parameter)`.
 */
const aimPath = (op: Operation, name: string, value: string, other: (parameter: string) => string) =>
  op.path.replace(/\{([^}]+)\}/g, (_, parameter: string) => (parameter === name ? value : other(parameter)));

/** GET cases: safe in read-only mode. */
export async function readOnlyNegatives(ctx: Ctx) {
  /** Resources for which some GET of UNKNOWN_ID found something (or answered anything but 404). */
  const taken = new Set<Resource>();
  for (const op of ctx.contract.operations.filter((o) => o.method === 'GET')) {
    // Integers past their maximum, the other ids those of records read (a GET changes nothing).
    if (!ctx.absent.has(op.id)) {
      const real = (parameter: string) =>
        String((parameter === 'id' ? ctx.ids[resourceOf(op.path)] : undefined) ?? UNKNOWN_ID);
      await parameterRanges(ctx, op, (name, value) => aimPath(op, name, value, real) + ctx.plainQuery(op));
    }
    if (hasId(op.path)) {
      if (documents(op, 400)) {
        for (const bad of MALFORMED_IDS) {
          await ctx.probe(op, 'malformed id', {
            path: fillPath(op.path, bad),
            expected: 400,
            detail: `id "${bad}"`,
            what: `the malformed id "${bad}"`,
          });
        }
      }
      if (documents(op, 404)) {
        const r = await ctx.probe(op, 'unknown id', {
          path: fillPath(op.path, String(UNKNOWN_ID)),
          expected: 404,
          detail: `id ${UNKNOWN_ID}`,
          what: `id ${UNKNOWN_ID}, which nothing has`,
        });
        (r.status === 404 ? ctx.ids.unknown : taken).add(resourceOf(op.path));
      }
    }
    if (documents(op, 422)) {
      const bad = invalidQuery(op);
      if (bad)
        await ctx.probe(op, 'invalid query', {
          path: `${fillPath(op.path, String(ctx.ids[resourceOf(op.path)] ?? 1))}?${bad.query}`,
          expected: 422,
          detail: bad.detail,
          what: bad.detail,
        });
    }
  }
  for (const resource of taken) ctx.ids.unknown.delete(resource);
}

/** A query string that breaks the operation's parameter schema, or undefined when it takes none. */
function invalidQuery(op: Operation): { query: string; detail: string } | undefined {
  // limit and cursor have cases of their own (paging.ts).
  const query = op.parameters.filter((p) => p.in === 'query' && p.name !== 'limit' && p.name !== 'cursor');
  const text = query.find((p) => p.schema.type === 'string' && !p.schema.format && !p.schema.enum);
  // Text never holds NUL.
  if (text) return { query: `${encodeURIComponent(text.name)}=%00`, detail: `${text.name}=<NUL>` };
  const number = query.find(
    (p) => (p.schema.type === 'integer' || p.schema.type === 'number') && typeof p.schema.minimum === 'number',
  );
  if (number) {
    const value = (number.schema.minimum as number) - 1;
    return {
      query: `${encodeURIComponent(number.name)}=${value}`,
      detail: `${number.name}=${value} (under its minimum)`,
    };
  }
  const date = query.find((p) => p.schema.format === 'date-time');
  if (date) return { query: `${encodeURIComponent(date.name)}=not-a-date`, detail: `${date.name}=not-a-date` };
  return undefined;
}

/**
 * The cases about the body, sent to `path` (an existing record the check may
 * touch, or a path without id): a body that cannot be read, one of a media
 * type the operation does not take, and a JSON body of the wrong shape.
 */
export async function bodyNegatives(ctx: Ctx, op: Operation, path: string) {
  ctx.aimed.add(op.id);
  const malformed = documents(op, 400) ? 400 : documents(op, 422) ? 422 : undefined;
  if (malformed !== undefined && op.jsonBody) {
    await ctx.probe(op, 'malformed body', {
      path,
      expected: malformed,
      headers: { 'content-type': 'application/json' },
      body: '{"conformance": ',
      detail: 'JSON cut short',
      what: 'a JSON body cut short',
    });
  }
  if (malformed !== undefined && op.multipartBody) {
    await ctx.probe(op, 'malformed body', {
      path,
      expected: malformed,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="conformance"\r\n\r\nno closing boundary`,
      detail: 'multipart without its closing boundary',
      what: 'a multipart body without its closing boundary',
    });
  }
  await bodyRanges(ctx, op, path, VALID_BODY[op.id]?.());
  if (!documents(op, 422)) return;
  // The contract: a body of a media type the operation does not take is 422.
  await ctx.probe(op, 'wrong media type', {
    path,
    expected: 422,
    headers: { 'content-type': 'text/plain' },
    body: 'conformance',
    detail: 'text/plain',
    what: 'a text/plain body',
  });
  if (!op.jsonBody) return;
  // The contract: a JSON body must have the types the schema gives, else 422.
  await ctx.probe(op, 'invalid body', {
    path,
    expected: 422,
    ...json([]),
    detail: 'an array for an object',
    what: 'a JSON array where the schema wants an object',
  });
  const typed = wrongTypes(ctx, op);
  if (typed)
    await ctx.probe(op, 'invalid body', {
      path,
      expected: 422,
      ...json(typed.body),
      detail: typed.detail,
      what: `a body with ${typed.detail}`,
    });
}

/** A body with one field of the wrong type, holding the value already stored, so a server that coerces it changes nothing. */
function wrongTypes(ctx: Ctx, op: Operation): { body: unknown; detail: string } | undefined {
  if (op.id === 'login') return { body: { username: 42, password: 'conformance' }, detail: 'username as a number' };
  const settings = ctx.samples.get('getFollowUpSettings') as components['schemas']['FollowUpSettings'] | undefined;
  if (op.id === 'updateFollowUpSettings' && settings) {
    return {
      body: { ...settings, hoursUntilFollowUp: String(settings.hoursUntilFollowUp) },
      detail: 'hoursUntilFollowUp as text',
    };
  }
  const bot = ctx.samples.get('getBotSettings') as components['schemas']['BotSettings'] | undefined;
  if (op.id === 'updateBotSettings' && bot?.bargaining) {
    return {
      body: { ...bot, bargaining: { ...bot.bargaining, maxRounds: String(bot.bargaining.maxRounds) } },
      detail: 'bargaining.maxRounds as text',
    };
  }
  const conversation = ctx.samples.get('getConversation') as components['schemas']['Conversation'] | undefined;
  if (op.id === 'updateConversationStatus' && conversation && conversation.id === ctx.ids.conversation) {
    return { body: { status: conversation.status, conformance: true }, detail: 'a property the schema does not allow' };
  }
  return undefined;
}

/** The cases each write operation would run, for the line that says they need --write. */
function writeCases(ctx: Ctx, op: Operation): Check[] {
  const cases: Check[] = op.protected ? ['no cookie', 'made-up cookie'] : [];
  if (hasId(op.path) && documents(op, 400)) cases.push('malformed id');
  if (hasId(op.path) && documents(op, 404)) cases.push('unknown id');
  if (hasBody(op) && (documents(op, 400) || documents(op, 422))) cases.push('malformed body');
  if (hasBody(op) && documents(op, 422)) cases.push('wrong media type');
  if (op.jsonBody && documents(op, 422)) cases.push('invalid body');
  // The product forms' exact rules (forms.ts).
  if (op.multipartBody && documents(op, 422)) cases.push('multipart form');
  if (documents(op, 403)) cases.push('foreign origin');
  if (op.public && op.id === 'login' && documents(op, 401)) cases.push('wrong credentials');
  if (ctx.contract.integers.some((i) => i.operationId === op.id)) cases.push('out of range');
  return cases;
}

/** Cases of the state-changing operations: only with --write. */
export async function writeNegatives(ctx: Ctx) {
  const writes = ctx.contract.operations.filter((o) => o.method !== 'GET');
  if (!ctx.mode.write) {
    for (const op of writes) {
      const cases = writeCases(ctx, op);
      if (cases.length) ctx.skip(op, 'negative cases', `write method: ${cases.join(', ')} only with --write`);
    }
    return;
  }
  for (const op of writes) {
    if (ctx.absent.has(op.id)) {
      ctx.skip(op, 'negative cases', 'not offered: the server does not have this feature beyond the spec');
      continue;
    }
    const resource = resourceOf(op.path);
    const byId = hasId(op.path);
    const valid = VALID_BODY[op.id]?.() ?? {};
    if (byId && documents(op, 400)) {
      await ctx.probe(op, 'malformed id', {
        path: fillPath(op.path, 'abc'),
        expected: 400,
        ...valid,
        detail: 'id "abc"',
        what: 'the malformed id "abc"',
      });
    }
    if (byId && documents(op, 404)) {
      if (ctx.ids.unknown.has(resource)) {
        await ctx.probe(op, 'unknown id', {
          path: fillPath(op.path, String(UNKNOWN_ID)),
          expected: 404,
          ...VALID_BODY[op.id]?.(),
          detail: `id ${UNKNOWN_ID}`,
          what: `id ${UNKNOWN_ID}, which nothing has`,
        });
      } else ctx.skip(op, 'unknown id', `could not confirm that no ${resource} has id ${UNKNOWN_ID}`);
    }
    // An integer of the path past its maximum, the other ids ones nothing has: nothing to change if taken
    // by a server whose ids end at 2147483647. One with larger ids could hold the record: a call that
    // would reach its customer waits for --reach-customers.
    if (byId && REACHES_CUSTOMERS.has(op.id) && !ctx.mode.reachCustomers)
      ctx.skip(
        op,
        'out of range',
        'aimed at a conversation a server with larger ids could have: needs --reach-customers',
      );
    else if (byId)
      await parameterRanges(ctx, op, (name, value) => aimPath(op, name, value, () => String(UNKNOWN_ID)), valid);
    if (hasBody(op) && !ctx.aimed.has(op.id)) {
      if (!byId) await bodyNegatives(ctx, op, op.path);
      else if (resource === 'product')
        ctx.skip(op, 'malformed body', 'no product of its own to aim at (creating one failed)');
      else if (REACHES_CUSTOMERS.has(op.id) && !ctx.mode.reachCustomers)
        ctx.skip(op, 'malformed body', 'aimed at a real conversation: needs --reach-customers');
      else if (ctx.ids[resource] === undefined) ctx.skip(op, 'malformed body', `no ${resource} to aim at`);
      // The body is refused before anything is done, so a real record is safe to aim at.
      else await bodyNegatives(ctx, op, fillPath(op.path, String(ctx.ids[resource])));
    }
    if (documents(op, 403) && op.id !== 'logout') await foreignOrigin(ctx, op);
    if (op.id === 'login' && documents(op, 401)) {
      const stranger = `conformance-no-such-user-${Math.random().toString(36).slice(2, 10)}`;
      await ctx.probe(op, 'wrong credentials', {
        path: op.path,
        expected: 401,
        session: false,
        ...json({ username: stranger, password: 'conformance-wrong-password' }),
        detail: 'an unknown username',
        what: 'an unknown username',
      });
    }
  }
}

/** A state-changing call from another site, with the session cookie: 403, and aimed so that nothing changes if it is let through. */
async function foreignOrigin(ctx: Ctx, op: Operation) {
  const headers = { origin: FOREIGN_ORIGIN };
  const what = `Origin ${FOREIGN_ORIGIN}`;
  if (op.id === 'runFollowUpCheck' || (REACHES_CUSTOMERS.has(op.id) && !hasId(op.path))) {
    if (!ctx.mode.reachCustomers)
      return ctx.skip(op, 'foreign origin', 'reaches customers if the server lets it through: needs --reach-customers');
  }
  if (op.id === 'markAllNotificationsRead') {
    const unread = ctx.samples.get('listUnreadNotifications');
    if (!Array.isArray(unread) || unread.length > 0)
      return ctx.skip(
        op,
        'foreign origin',
        'there may be unread notifications: a server that lets it through would mark them read',
      );
  }
  if (hasId(op.path)) {
    const resource = resourceOf(op.path);
    if (!ctx.ids.unknown.has(resource))
      return ctx.skip(op, 'foreign origin', `could not confirm that no ${resource} has id ${UNKNOWN_ID}`);
    return void (await ctx.probe(op, 'foreign origin', {
      path: fillPath(op.path, String(UNKNOWN_ID)),
      expected: 403,
      headers,
      what,
    }));
  }
  // No body: a server that ignores Origin refuses it as incomplete.
  await ctx.probe(op, 'foreign origin', { path: op.path, expected: 403, headers, what });
}
