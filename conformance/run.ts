// The check itself: signs in, walks every operation of openapi.yaml, provokes
// the documented refusals (negative cases), probes every protected operation
// for 401, listens on the socket. Returns a report; the CLI (cli.ts) prints
// and writes it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { parse as parseYaml } from 'yaml';
import { ASYNCAPI_FILE, CONTRACT_FILE } from '../common/contract';
import tool from './package.json' with { type: 'json' };
import { AsyncApiContract, OpenApiContract, worstFirst, type Operation, type Violation } from './contract';
import { buildCoverage } from './coverage';
import { conditionalChecks } from './conditional';
import { fillPath, readOnlyNegatives, UNKNOWN_ID, writeNegatives } from './negative';
import { pagingChecks } from './paging';
import { writeScenarios } from './scenarios';
import {
  FatalError,
  FOREIGN_ORIGIN,
  parseJson,
  REACHES_CUSTOMERS,
  idParam,
  resourceOf,
  type Allowance,
  type ContractFile,
  type Ctx,
  type Meta,
  type Mode,
  type Report,
  type Result,
  redacted,
  type SentRequest,
} from './shared';
import { summaryChecks } from './summary';

// The report's type, for those who read a report (tests, the HTML page).
export type { Report } from './shared';

export type ConformanceOptions = {
  baseUrl: string;
  username: string;
  password: string;
  write?: boolean;
  reachCustomers?: boolean;
  socketSeconds?: number;
  /** Where the socket lives when not at <base-url>/ws (e.g. a separate realtime mock). */
  socketUrl?: string;
  allow?: Allowance[];
  /** openapi.yaml and asyncapi.yaml to check against (default: the project's). */
  contractFile?: string;
  asyncApiFile?: string;
};

/** What the Prism mock cannot answer: it accepts any session id, holds no records, refuses a malformed id with 422 and counts nothing for the summary. */
export function mockAllowances(): Allowance[] {
  return [
    { check: 'made-up cookie', reason: 'Prism accepts any session cookie value: it cannot tell a made-up session' },
    {
      check: 'malformed id',
      status: 422,
      reason: 'Prism refuses a malformed id with 422 (the contract names that for the mock)',
    },
    { check: 'unknown id', reason: 'Prism holds no records: it answers an example for any well-formed id' },
    { check: 'invalid query', status: 200, reason: 'Prism does not refuse a NUL character in a query parameter' },
    // The mock runner strips the examples' Link, X-Total-Count and ETag: a backend that neither pages nor answers 304.
    { check: 'summary', reason: "Prism answers the examples: the summary's counts are the example's, not the lists'" },
  ];
}

/** A contract file as the report names it: the path used, its info.version and the SHA-256 of its bytes. */
function describeFile(file: string): ContractFile {
  let bytes: Buffer;
  let info: { version?: unknown } | undefined;
  try {
    bytes = readFileSync(file);
    info = (parseYaml(bytes.toString('utf8')) as { info?: { version?: unknown } } | null)?.info;
  } catch (e) {
    throw new FatalError(`cannot read the contract ${file}: ${(e as Error).message}`);
  }
  return {
    file,
    version: String(info?.version ?? '(none)'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The check's name and version and the contract files a run with these options reads. */
export function describeRun(contractFile = CONTRACT_FILE, asyncApiFile = ASYNCAPI_FILE): Meta {
  return {
    tool: { name: tool.name, version: tool.version },
    contract: describeFile(contractFile),
    asyncapi: describeFile(asyncApiFile),
  };
}

export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const meta = describeRun(options.contractFile, options.asyncApiFile);
  const startedAt = new Date().toISOString();
  let contract: OpenApiContract;
  let realtime: AsyncApiContract;
  try {
    contract = new OpenApiContract(meta.contract.file);
    realtime = new AsyncApiContract(meta.asyncapi.file);
  } catch (e) {
    throw new FatalError(`cannot use the contract: ${(e as Error).message}`);
  }
  const base = options.baseUrl.replace(/\/+$/, '');
  const mode: Mode = { write: !!options.write, reachCustomers: !!options.write && !!options.reachCustomers };
  const results: Result[] = [];
  const methodsSent: string[] = [];
  const done = new Set<string>();
  const samples = new Map<string, unknown>();
  const ids: Ctx['ids'] = { unknown: new Set() };
  let cookie = '';

  let last: SentRequest | undefined;
  const send: Ctx['send'] = async (method, path, init = {}) => {
    methodsSent.push(`${method} ${path.split('?')[0]}`);
    last = redacted(method, path, init);
    let res: Response;
    try {
      res = await fetch(base + path, { method, headers: init.headers, body: init.body, redirect: 'manual' });
    } catch (e) {
      throw new FatalError(`cannot reach ${base}: ${(e as Error).cause ?? (e as Error).message}`);
    }
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  const parse = parseJson;
  const record: Ctx['record'] = (op, status, headers, body) => {
    const violations = contract.check(op, status, headers, body);
    results.push({
      operation: op.label,
      operationId: op.id,
      check: 'answer',
      result: violations.length ? 'fail' : 'pass',
      status,
      violations,
      request: last,
    });
    if (!violations.length && status < 300) samples.set(op.id, parse(body));
    done.add(op.id);
  };
  const call: Ctx['call'] = async (op, path, init = {}) => {
    const answer = await send(op.method, path, { ...init, headers: { ...init.headers, cookie } });
    record(op, answer.status, answer.headers, answer.body);
    return answer;
  };
  const probe: Ctx['probe'] = async (op, check, spec) => {
    const headers = { ...(spec.session === false ? {} : { cookie }), ...spec.headers };
    const answer = await send(op.method, spec.path, { headers, body: spec.body });
    const violations: Violation[] =
      answer.status === spec.expected
        ? []
        : [{ path: 'status', message: `answered ${answer.status} to ${spec.what}; must be ${spec.expected}` }];
    violations.push(...contract.check(op, answer.status, answer.headers, answer.body));
    const result: Result = {
      operation: op.label,
      operationId: op.id,
      check,
      detail: spec.detail,
      expected: spec.expected,
      result: violations.length ? 'fail' : 'pass',
      status: answer.status,
      violations: worstFirst(violations),
      request: last,
    };
    results.push(result);
    return result;
  };
  const skip: Ctx['skip'] = (op, check, reason, detail) => {
    results.push({ operation: op.label, operationId: op.id, check, detail, result: 'skipped', violations: [], reason });
  };

  // Sign in.
  if (!contract.has('login')) throw new FatalError('openapi.yaml has no login operation');
  const login = contract.op('login');
  const signIn = await send('POST', login.path, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: options.username, password: options.password }),
  });
  record(login, signIn.status, signIn.headers, signIn.body);
  // Cookies with a value (a cleared one, `x=; Max-Age=0`, is no session).
  const set = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0].trim())
    .filter((c) => /^[^=]+=./.test(c));
  const named = set.find((c) => c.startsWith(`${contract.sessionCookie}=`));
  if (named) cookie = named;
  else if (set.length) {
    // A session under another name: a violation of sign-in, and the run goes on with what it got.
    const names = [...new Set(set.map((c) => c.split('=')[0]))];
    const loginResult = results.findLast((r) => r.operationId === 'login')!;
    loginResult.violations = worstFirst([
      ...loginResult.violations,
      {
        path: 'cookie',
        message: `sign-in set cookie(s) named ${names.join(', ')}; the contract names ${contract.sessionCookie}`,
      },
    ]);
    loginResult.result = 'fail';
    cookie = set.join('; ');
  } else {
    throw new FatalError(
      `sign-in gave no session: POST ${login.path} answered ${signIn.status} without setting a cookie (check CONFORMANCE_USERNAME / CONFORMANCE_PASSWORD)`,
    );
  }
  const sessionName = cookie.split('=')[0];

  const now = new Date();
  const range = { startDate: new Date(now.getTime() - 365 * 86400e3).toISOString(), endDate: now.toISOString() };
  const plainQuery = (op: Operation) => {
    const query = new URLSearchParams();
    for (const p of op.parameters) {
      if (p.in !== 'query') continue;
      if (p.name in range) query.set(p.name, range[p.name as keyof typeof range]);
      else if (p.required) query.set(p.name, String(p.example ?? p.schema.default ?? ''));
    }
    const q = query.toString();
    return q ? `?${q}` : '';
  };

  const ctx: Ctx = {
    base,
    cookie,
    contract,
    mode,
    results,
    methodsSent,
    ids,
    samples,
    done,
    aimed: new Set(),
    absent: new Set(),
    plainQuery,
    send,
    lastRequest: () => last,
    call,
    record,
    probe,
    skip,
  };

  // Read-only walk: every GET, list operations first so by-id ones get real ids.
  const gets = contract.operations
    .filter((o) => o.method === 'GET')
    .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
  for (const op of gets) {
    const id = ids[resourceOf(op.path)];
    const param = idParam(op.path);
    if (param && id === undefined) {
      results.push({
        operation: op.label,
        operationId: op.id,
        check: 'answer',
        result: 'not checked',
        violations: [],
        reason: 'no record to read: the list it comes from was empty',
      });
      done.add(op.id);
      continue;
    }
    // A quote's calls take the first listed quote, when there is one.
    const filled = param ? op.path.replace(param, String(id)) : op.path;
    const withQuote = ids.quote === undefined ? filled : filled.replace('{quoteId}', String(ids.quote));
    const answer = await call(op, withQuote + plainQuery(op));
    if (OPTIONAL_OPERATIONS.has(op.id) && answer.status === 404) {
      // An optional call the server does not have: not offered, not a failure.
      results.splice(results.length - 1, 1, {
        operation: op.label,
        operationId: op.id,
        check: 'answer',
        result: 'skipped',
        status: 404,
        violations: [],
        reason: `not offered: the server answers 404 (${op.label} is optional)`,
        notOffered: Object.keys(op.responses),
      });
      samples.delete(op.id);
      ctx.absent.add(op.id);
      for (const dependent of FEATURE_OPERATIONS[op.id] ?? []) ctx.absent.add(dependent);
      continue;
    }
    if (op.id === 'listQuickReplies' && answer.status === 200) {
      const list = parse(answer.body);
      if (Array.isArray(list)) {
        const first = (list[0] as { id?: unknown } | undefined)?.id;
        if (typeof first === 'number') ids.quickReply = first;
        if (!list.some((q) => (q as { id?: unknown })?.id === UNKNOWN_ID)) ids.unknown.add('quickReply');
      }
    }
    if (op.id === 'listDeliveryZones' && answer.status === 200) {
      const zones = (parse(answer.body) as { zones?: unknown } | undefined)?.zones;
      if (Array.isArray(zones) && !zones.some((z) => (z as { id?: unknown })?.id === UNKNOWN_ID))
        ids.unknown.add('deliveryZone');
    }
    if (op.id === 'listConversations' && answer.status === 200) {
      const list = parse(answer.body);
      // Read state beyond the spec: a server whose conversations carry no unreadCount does not offer it.
      if (Array.isArray(list) && list.length > 0 && (list[0] as { unreadCount?: unknown }).unreadCount === undefined)
        for (const id of READ_STATE_OPERATIONS) ctx.absent.add(id);
    }
    if (op.id === 'listQuotes' && answer.status === 200) {
      const list = parse(answer.body);
      const first = Array.isArray(list) ? (list[0] as { id?: unknown } | undefined)?.id : undefined;
      if (typeof first === 'number') ids.quote = first;
      if (Array.isArray(list) && !list.some((q) => (q as { id?: unknown })?.id === UNKNOWN_ID))
        ids.unknown.add('quote');
    }
    if (['listProducts', 'listConversations', 'listNotifications', 'listOrders'].includes(op.id)) {
      const list = parse(answer.body);
      const first = Array.isArray(list) ? (list[0] as { id?: unknown } | undefined)?.id : undefined;
      if (typeof first === 'number') ids[resourceOf(op.path)] = first;
      // A list read in full tells whether the made-up id is free.
      if (
        op.id === 'listNotifications' &&
        answer.status === 200 &&
        Array.isArray(list) &&
        !list.some((n) => (n as { id?: unknown })?.id === UNKNOWN_ID)
      ) {
        ids.unknown.add('notification');
      }
      if (
        op.id === 'listOrders' &&
        answer.status === 200 &&
        Array.isArray(list) &&
        !list.some((o) => (o as { id?: unknown })?.id === UNKNOWN_ID)
      )
        ids.unknown.add('order');
    }
  }

  const socket = listenSocket(
    options.socketUrl ?? base.replace(/^http/, 'ws') + '/ws',
    cookie,
    options.socketSeconds ?? 3,
    realtime,
  );
  await readOnlyNegatives(ctx);
  // Paging, conditional requests and the summary's counts: read-only, on the data as it is, before any write.
  await pagingChecks(ctx);
  await conditionalChecks(ctx);
  await summaryChecks(ctx);
  if (mode.write) await writeScenarios(ctx);
  await writeNegatives(ctx);

  // 401 probes. Write methods only with --write: read-only means no write request at all.
  for (const op of contract.operations.filter((o) => o.protected)) {
    for (const check of ['no cookie', 'made-up cookie'] as const) {
      // Listed with the write method's other cases (negative.ts).
      if (op.method !== 'GET' && !mode.write) continue;
      if (ctx.absent.has(op.id)) {
        skip(op, check, `not offered: the server answers 404 (${op.label} is optional)`);
        continue;
      }
      if (op.id === 'runFollowUpCheck' && !mode.reachCustomers) {
        skip(op, check, 'reaches customers if the server lets it through: needs --write --reach-customers');
        continue;
      }
      // An id nothing has: a server that wrongly lets the call through still changes nothing.
      const path = fillPath(op.path, String(UNKNOWN_ID));
      await probe(
        op,
        check,
        check === 'no cookie'
          ? { path, expected: 401, session: false, what: 'a caller with no session cookie' }
          : {
              path,
              expected: 401,
              session: false,
              headers: { cookie: `${sessionName}=conformance-made-up-session-0000` },
              what: 'a made-up session cookie',
            },
      );
    }
  }

  // With --reach-customers the status change must be announced: a conversation_update for that id.
  const provoked = mode.reachCustomers && done.has('updateConversationStatus') ? ids.conversation : undefined;
  const announced = () => socket.received.some((m) => m.type === 'conversation_update' && m.data?.id === provoked);
  results.push(...(await socket.close(provoked === undefined ? undefined : announced)));
  if (provoked !== undefined) {
    results.push({
      operation: 'SOCKET /ws conversation_update after a status change',
      check: 'socket',
      result: announced() ? 'pass' : 'fail',
      violations: announced()
        ? []
        : [
            {
              path: 'conversation_update',
              message: `no conversation_update with data.id ${provoked} after PATCH /api/conversations/${provoked}`,
            },
          ],
    });
  }

  if (contract.has('logout')) {
    const logout = contract.op('logout');
    // Last, so a server that wrongly signs out on a cross-site request spoils nothing else.
    if (mode.write && logout.responses['403']) {
      await probe(logout, 'foreign origin', {
        path: logout.path,
        expected: 403,
        headers: { origin: FOREIGN_ORIGIN },
        what: `Origin ${FOREIGN_ORIGIN}`,
      });
    }
    await call(logout, logout.path);
  }

  for (const op of contract.operations) {
    if (done.has(op.id)) continue;
    if (ctx.absent.has(op.id)) {
      skip(op, 'answer', `not offered: the server does not have this feature beyond the spec`);
      continue;
    }
    const reach = REACHES_CUSTOMERS.has(op.id);
    if (!mode.write || (reach && !mode.reachCustomers)) {
      skip(
        op,
        'answer',
        reach ? 'reaches customers: needs --write --reach-customers' : 'write operation: needs --write',
      );
    } else {
      results.push({
        operation: op.label,
        operationId: op.id,
        check: 'answer',
        result: 'not checked',
        violations: [],
        reason: 'the check has no scenario for this operation yet',
      });
    }
  }

  for (const r of results) {
    if (r.result !== 'fail') continue;
    const rule = options.allow?.find(
      (a) =>
        a.check === r.check &&
        (a.operation === undefined || a.operation === r.operation) &&
        (a.status === undefined || a.status === r.status) &&
        (a.detail === undefined || (r.detail ?? '').includes(a.detail)),
    );
    if (rule) Object.assign(r, { result: 'allowed', reason: rule.reason });
  }
  return {
    meta,
    startedAt,
    finishedAt: new Date().toISOString(),
    baseUrl: base,
    ok: results.every((r) => r.result !== 'fail' && r.result !== 'not checked'),
    mode,
    results,
    coverage: buildCoverage(contract, results),
    methodsSent,
  };
}

/** Operations a server may leave out: a 404 means "not offered" (the contract says so in their description). */
const OPTIONAL_OPERATIONS = new Set([
  'getSummary',
  'listMessageTemplates',
  'listQuickReplies',
  'getFollowUpsDue',
  'getMessageAttachment',
  'syncMessageTemplates',
  'getBotSettings',
  'getBusinessProfile',
  'listQuotes',
  'listConversationQuotes',
  'getQuote',
  'getQuotePdf',
  'listOrders',
  'listDeliveryZones',
  'listPayments',
  'listOrderPaymentRequests',
]);

/**
 * Calls beyond the spec come in features: when the server shows it lacks
 * one, none of its calls is checked (a business's own backend may have the
 * spec's calls only). Quick replies, templates and the chatbot's settings
 * are missing when their GET answers 404; read state when conversations carry no unreadCount; delivery
 * (retry) when messages carry no deliveryStatus and templates are missing.
 */
const FEATURE_OPERATIONS: Record<string, string[]> = {
  listQuickReplies: ['createQuickReply', 'updateQuickReply', 'deleteQuickReply', 'reorderQuickReplies'],
  listMessageTemplates: ['sendConversationTemplate', 'retryConversationMessage'],
  getBotSettings: ['updateBotSettings'],
  getBusinessProfile: ['updateBusinessProfile', 'uploadBusinessLogo'],
  listQuotes: [
    'listConversationQuotes',
    'createQuote',
    'getQuote',
    'updateQuote',
    'reviseQuote',
    'sendQuote',
    'cancelQuote',
    'acceptQuote',
    'getQuotePdf',
  ],
  listOrders: ['getOrder', 'updateOrder', 'changeOrderStatus', 'recordOrderPayment'],
  listDeliveryZones: ['createDeliveryZone', 'updateDeliveryZone', 'deleteDeliveryZone', 'updateDeliveryPickup'],
  // M-Pesa payments: a server without M-Pesa set up answers 404 to all of them.
  listPayments: ['matchPayment', 'dismissPayment'],
  listOrderPaymentRequests: ['requestOrderPayment'],
};
const READ_STATE_OPERATIONS = ['markConversationRead', 'markConversationUnread'];

type SocketListener = {
  /** Every parsed message so far, valid or not. */
  received: { type?: unknown; data?: { id?: unknown } }[];
  /** Stops listening once `seconds` have passed since it opened, or once `until` holds (waiting `seconds` more at most). */
  close(until?: () => boolean): Promise<Result[]>;
};

function listenSocket(url: string, cookie: string, seconds: number, contract: AsyncApiContract): SocketListener {
  const operation = `SOCKET ${new URL(url).pathname}`;
  const results: Result[] = [];
  const received: SocketListener['received'] = [];
  /** Conforming messages by type: one line each in the report. */
  const conforming = new Map<string, number>();
  const opened = Date.now();
  let count = 0;
  let finished = false;
  const ws = new WebSocket(url, { headers: { cookie } });
  ws.on('message', (data) => {
    count++;
    try {
      received.push(JSON.parse(data.toString()));
    } catch {
      received.push({});
    }
    const { type, violations } = contract.check(data.toString());
    if (violations.length)
      results.push({ operation: `${operation} ${type}`, check: 'socket', result: 'fail', violations });
    else conforming.set(type, (conforming.get(type) ?? 0) + 1);
  });
  ws.on('error', (e) => {
    if (finished) return;
    results.push({
      operation,
      check: 'socket',
      result: 'fail',
      violations: [{ path: 'connection', message: e.message }],
    });
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    received,
    async close(until) {
      const minimum = opened + seconds * 1000;
      if (Date.now() < minimum) await sleep(minimum - Date.now());
      const deadline = Date.now() + seconds * 1000;
      while (until && !until() && Date.now() < deadline) await sleep(100);
      finished = true;
      ws.terminate();
      for (const [type, n] of conforming)
        results.push({
          operation: `${operation} ${type}`,
          check: 'socket',
          result: 'pass',
          violations: [],
          reason: `${n} message(s) conform`,
        });
      if (!results.length)
        results.push({
          operation,
          check: 'socket',
          result: 'pass',
          violations: [],
          reason: `connected; no message in ${seconds}s`,
        });
      else if (count)
        results.push({
          operation,
          check: 'socket',
          result: 'pass',
          violations: [],
          reason: `${count} message(s) checked`,
        });
      return results;
    },
  };
}
