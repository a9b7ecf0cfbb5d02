// Paging (info.description "Paging"): for each paged list, the pages are
// followed through `Link` rel="next" from a small `limit` to the end and
// compared with the whole list (asked for without `limit`):
//   no item twice; together they are the whole list, in its order; each
//   page holds at most `limit`; `X-Total-Count`, when sent,
//   counts the whole list; the next page's URL keeps the filters and `limit`;
//   the whole list carries no Link.
// A conversation's messages, as listConversationMessages states: the whole
// list oldest first by timestamp then id, however long (its own row,
// "order"); the first page the `limit` newest, each next page the `limit`
// just before the oldest of the page before, each page oldest first.
// Then the refusals: a cursor given out for another list and a cursor cut
// short → 400, `limit` outside 1..200 → 422.
// Paging is optional: a server that ignores `limit` (answers the whole array
// without Link or X-Total-Count) conforms, and the report says paging was
// not offered on that list.
import type { Operation, Violation } from './contract';
import { parseJson, resourceOf, type Answer, type Ctx, type Result, type SentRequest } from './shared';

/** The lists the contract pages (those that take `limit` and `cursor`). */
const pagedOperations = (ctx: Ctx): Operation[] =>
  ctx.contract.operations.filter(
    (op) =>
      op.method === 'GET' &&
      op.parameters.some((p) => p.in === 'query' && p.name === 'limit') &&
      op.parameters.some((p) => p.in === 'query' && p.name === 'cursor'),
  );

/** Pages followed at most per list: beyond that the walk checks what it saw and says it stopped. */
const MAX_PAGES = 60;
/** The whole list in about this many pages. */
const PAGES_WANTED = 20;

type Item = { id?: unknown; timestamp?: unknown };
type Fetched = Answer & { items?: Item[]; violations: Violation[] };
/** honours: answered fewer items than the whole list, as asked; ignores: answered more than `limit`; unknown: the list fits in one page. */
type Paging = 'honours' | 'ignores' | 'unknown';
type Walked = { op: Operation; path: string; query: URLSearchParams; limit: number; paging: Paging; cursor?: string };

/** The URL of a Link header's rel="next" (RFC 8288), or undefined. */
function nextLink(header: string | null): string | undefined {
  for (const part of (header ?? '').split(/,(?=\s*<)/)) {
    const target = /^\s*<([^>]*)>/.exec(part)?.[1];
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;\s,]+))/i.exec(part);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (target !== undefined && rels.includes('next')) return target;
  }
  return undefined;
}

/** The page size for a list of n items: about PAGES_WANTED pages, 2 items at least (1 for a list of 2), 200 at most. */
const pageSize = (n: number) => Math.min(200, Math.max(n > 2 ? 2 : 1, Math.ceil(n / PAGES_WANTED)));

const ids = (items: Item[]) => items.map((item) => item?.id);
const sameIds = (a: Item[] | undefined, b: Item[] | undefined) =>
  !!a && !!b && a.length === b.length && a.every((item, i) => item?.id === b[i]?.id);

/** Messages in the contract's order: by timestamp (as instants, not as text), then by id. */
const byTime = (a: Item, b: Item): number =>
  Date.parse(String(a?.timestamp)) - Date.parse(String(b?.timestamp)) || Number(a?.id) - Number(b?.id);
const before = (a: Item, b: Item) => byTime(a, b) < 0;
/** A message as a violation names it: its id and timestamp. */
const named = (m: Item) => `message ${JSON.stringify(m?.id)} (${String(m?.timestamp)})`;
/** What a page of messages holds, in a few words: its first and last ids as sent. */
function held(list: Item[]): string {
  if (!list.length) return 'no message';
  if (list.length === 1) return `message ${JSON.stringify(list[0]?.id)}`;
  return `${list.length} messages, ${JSON.stringify(list[0]?.id)} to ${JSON.stringify(list[list.length - 1]?.id)}`;
}
/** The first place where a list of messages is not oldest first, or undefined. */
function disorder(list: Item[]): string | undefined {
  for (let i = 1; i < list.length; i++)
    if (before(list[i], list[i - 1]))
      return `${named(list[i - 1])} comes before ${named(list[i])} (items ${i} and ${i + 1})`;
  return undefined;
}
/** Page content violations beyond this many are summed up in one line. */
const MAX_PAGE_VIOLATIONS = 3;

async function fetchList(
  ctx: Ctx,
  op: Operation,
  path: string,
  headers: Record<string, string> = {},
): Promise<Fetched> {
  const answer = await ctx.send('GET', path, { headers: { ...headers, cookie: ctx.cookie } });
  const parsed = answer.status === 200 ? parseJson(answer.body) : undefined;
  return {
    ...answer,
    items: Array.isArray(parsed) ? (parsed as Item[]) : undefined,
    violations: ctx.contract.check(op, answer.status, answer.headers, answer.body),
  };
}

/** The conversation whose messages are paged: the one with the most messages. */
function messagesConversation(ctx: Ctx): number | undefined {
  const list = ctx.samples.get('listConversations');
  if (Array.isArray(list) && list.length) {
    const most = (list as { id?: unknown; messageCount?: unknown }[]).reduce((a, b) =>
      Number(b?.messageCount ?? 0) > Number(a?.messageCount ?? 0) ? b : a,
    );
    if (typeof most?.id === 'number') return most.id;
  }
  return ctx.ids.conversation;
}

export async function pagingChecks(ctx: Ctx) {
  const walked: Walked[] = [];
  for (const op of pagedOperations(ctx)) {
    let path = op.path;
    if (path.includes('{id}')) {
      const id = op.id === 'listConversationMessages' ? messagesConversation(ctx) : ctx.ids[resourceOf(op.path)];
      if (id === undefined) {
        ctx.skip(op, 'paging', 'no record to page: the list it comes from was empty');
        continue;
      }
      path = path.replace('{id}', String(id));
    }
    const query = new URLSearchParams(ctx.plainQuery(op));
    // A live server may change the list while it is walked: one more try before giving up.
    let outcome = await walk(ctx, op, path, query);
    if (outcome === 'changed') outcome = await walk(ctx, op, path, query);
    if (outcome === 'changed') {
      ctx.skip(
        op,
        'paging',
        'the list changed while its pages were followed (twice): run the check on a quieter server',
      );
      continue;
    }
    if (outcome) walked.push(outcome);
  }
  await refusals(ctx, walked);
}

/** Follows one list's pages; the result row is recorded here. */
async function walk(
  ctx: Ctx,
  op: Operation,
  path: string,
  query: URLSearchParams,
): Promise<Walked | 'changed' | undefined> {
  const url = (params: URLSearchParams) => `${path}${params.size ? `?${params}` : ''}`;
  const whole = await fetchList(ctx, op, url(query));
  const wholeRequest = ctx.lastRequest();
  if (!whole.items) {
    ctx.skip(
      op,
      'paging',
      `the whole list answered ${whole.status}${whole.status === 200 ? ' without a JSON array' : ''}: nothing to compare pages with`,
    );
    return undefined;
  }
  const n = whole.items.length;
  const limit = pageSize(n);
  const violations: Violation[] = [];
  const total = (answer: Answer, where: string) => {
    const sent = answer.headers.get('x-total-count');
    if (sent !== null && Number(sent) !== n)
      violations.push({ path: `${where} X-Total-Count`, message: `says ${sent}; the whole list holds ${n}` });
  };
  if (nextLink(whole.headers.get('link')) !== undefined)
    violations.push({
      path: 'whole list Link',
      message: 'the list asked for without limit carries a Link rel="next": it must be answered whole',
    });
  total(whole, 'whole list');

  const firstQuery = new URLSearchParams(query);
  firstQuery.set('limit', String(limit));
  const pages: Fetched[] = [];
  let next: string | undefined = url(firstQuery);
  const asked = new Set<string>();
  let stopped = false;
  let cursor: string | undefined;
  while (next !== undefined) {
    if (pages.length >= MAX_PAGES) {
      stopped = true;
      break;
    }
    asked.add(next);
    const page = await fetchList(ctx, op, next);
    const where = `page ${pages.length + 1}`;
    // A body the whole list already broke is named under its answer row; the page's headers are paging's own.
    violations.push(
      ...page.violations
        .filter((v) => whole.violations.length === 0 || v.path === 'status' || v.path.startsWith('header'))
        .map((v) => ({ ...v, path: `${where} ${v.path}` })),
    );
    if (!page.items) {
      violations.push({
        path: `${where} status`,
        message: `${next} answered ${page.status}; must be 200 with a JSON array`,
      });
      break;
    }
    pages.push(page);
    if (pages.length === 1 && page.items.length > limit) break; // limit ignored: judged below
    if (page.items.length > limit)
      violations.push({ path: `${where} size`, message: `holds ${page.items.length} items; limit was ${limit}` });
    total(page, where);
    const link = nextLink(page.headers.get('link'));
    if (link === undefined) break;
    let target: URL;
    try {
      target = new URL(link, ctx.base + '/');
    } catch {
      violations.push({ path: `${where} Link`, message: `rel="next" is no URL: ${link}` });
      break;
    }
    if (target.pathname !== path)
      violations.push({ path: `${where} Link`, message: `rel="next" leads to ${target.pathname}, not ${path}` });
    for (const [name, value] of firstQuery)
      if (target.searchParams.get(name) !== value)
        violations.push({
          path: `${where} Link`,
          message: `rel="next" must keep ${name}=${value}; it has ${name}=${target.searchParams.get(name) ?? '(none)'}`,
        });
    const given = target.searchParams.get('cursor');
    if (!given) violations.push({ path: `${where} Link`, message: 'rel="next" holds no cursor' });
    else {
      cursor ??= given;
      if (!/^[A-Za-z0-9_-]{1,400}$/.test(given))
        violations.push({
          path: `${where} Link`,
          message: `the cursor given out is outside the contract's PageCursor (1 to 400 of A-Z a-z 0-9 _ -): a client cannot send it back`,
        });
    }
    next = target.pathname + target.search;
    if (asked.has(next)) {
      violations.push({ path: `${where} Link`, message: `rel="next" repeats a page already asked for: ${next}` });
      break;
    }
  }

  // Did the list change meanwhile? Then nothing above can be judged.
  const after = await fetchList(ctx, op, url(query));
  if (!sameIds(whole.items, after.items)) return 'changed';
  const messages = op.id === 'listConversationMessages';
  if (messages) messageOrder(ctx, op, path, whole.items, wholeRequest);

  const base: Omit<Result, 'result'> = {
    operation: op.label,
    operationId: op.id,
    check: 'paging',
    status: pages[0]?.status,
    violations: [],
  };
  const first = pages[0];
  if (first && first.items!.length > limit) {
    // The server does not page this list: it must then send neither paging header.
    if (nextLink(first.headers.get('link')) !== undefined)
      violations.push({
        path: 'page 1 Link',
        message: `answered all ${first.items!.length} items to limit=${limit} and still sent a Link rel="next"`,
      });
    total(first, 'page 1');
    if (violations.length) {
      ctx.results.push({ ...base, result: 'fail', detail: `limit=${limit}`, violations, request: ctx.lastRequest() });
      return undefined;
    }
    ctx.results.push({
      ...base,
      result: 'skipped',
      detail: `limit=${limit}`,
      reason: `paging not offered on this list: limit=${limit} answered the whole list (${n} items, no Link)`,
      notOffered: ['400'],
    });
    return { op, path, query, limit, paging: 'ignores' };
  }

  const items = pages.flatMap((p) => p.items!);
  const seen = new Set<unknown>();
  for (const id of ids(items)) {
    if (seen.has(id))
      violations.push({ path: 'pages', message: `item ${JSON.stringify(id)} is on two pages (or twice on one)` });
    seen.add(id);
  }
  const wholeIds = new Set(ids(whole.items));
  const extra = [...seen].filter((id) => !wholeIds.has(id));
  if (extra.length)
    violations.push({
      path: 'pages',
      message: `${extra.length} item(s) not in the whole list: ${JSON.stringify(extra.slice(0, 5))}`,
    });
  if (!stopped) {
    const missing = [...wholeIds].filter((id) => !seen.has(id));
    if (missing.length)
      violations.push({
        path: 'pages',
        message: `${missing.length} item(s) of the whole list on no page (the last page had ${next === undefined ? 'no Link' : 'a Link that was not followed'}): ${JSON.stringify(missing.slice(0, 5))}`,
      });
  }
  // Messages: the first page is the `limit` newest, each next page the `limit`
  // just before the oldest of the page before it, each oldest first; read back
  // to front they are the whole list. Judged against the whole list put in the
  // contract's order, so a whole list out of order (named on its own row) does
  // not hide how the pages run.
  const ordered = messages ? [...whole.items].sort(byTime) : whole.items;
  if (messages) {
    const place = new Map(ordered.map((item, i) => [item?.id, i]));
    const wrongPages: Violation[] = [];
    let end = ordered.length;
    pages.forEach((page, k) => {
      const list = page.items!;
      const wrong = disorder(list);
      if (wrong)
        violations.push({
          path: `page ${k + 1} order`,
          message: `messages out of order on page ${k + 1}: ${wrong}; each page holds its messages oldest first`,
        });
      const expected = ordered.slice(Math.max(0, end - limit), end);
      const want = new Set(ids(expected));
      if (list.length !== expected.length || !list.every((item) => want.has(item?.id))) {
        const which =
          k === 0
            ? `page 1 is not the ${limit} newest messages`
            : `page ${k + 1} is not the ${limit} messages before page ${k}`;
        const should = expected.length
          ? `${k === 0 ? 'the newest are' : `the ${limit} before page ${k}'s oldest are`} ${held(expected)}`
          : k === 0
            ? 'the whole list holds no message'
            : `page ${k} held the oldest message, so it must be the last (no Link)`;
        wrongPages.push({ path: `page ${k + 1} messages`, message: `${which}: it holds ${held(list)}; ${should}` });
      }
      // The next page follows this page's oldest message, wherever the server put it.
      const oldest = list.length ? [...list].sort(byTime)[0] : undefined;
      end = oldest !== undefined && place.has(oldest?.id) ? place.get(oldest?.id)! : Math.max(0, end - limit);
    });
    violations.push(...wrongPages.slice(0, MAX_PAGE_VIOLATIONS));
    if (wrongPages.length > MAX_PAGE_VIOLATIONS)
      violations.push({
        path: 'pages messages',
        message: `${wrongPages.length - MAX_PAGE_VIOLATIONS} more page(s) do not hold the messages the contract orders`,
      });
  }
  const inOrder = messages ? [...pages].reverse().flatMap((p) => p.items!) : items;
  const expected = messages && stopped ? ordered.slice(-inOrder.length) : ordered;
  const at = inOrder.findIndex((item, i) => item?.id !== expected[i]?.id);
  if (at >= 0 && !violations.some((v) => v.path === 'pages' || /(order|messages)$/.test(v.path)))
    violations.push({
      path: 'pages order',
      message: `the pages ${messages ? 'read last to first ' : ''}put ${JSON.stringify(inOrder[at]?.id)} where the whole list has ${JSON.stringify(expected[at]?.id)} (item ${at + 1})`,
    });

  const paging: Paging = n > limit ? 'honours' : 'unknown';
  ctx.results.push({
    ...base,
    result: violations.length ? 'fail' : 'pass',
    detail: `limit=${limit}: ${pages.length} page(s), ${items.length} of ${n} items${stopped ? `, stopped after ${MAX_PAGES} pages` : ''}`,
    violations,
    request: ctx.lastRequest(),
    ...(paging === 'unknown' && !violations.length
      ? { reason: `the whole list (${n} item${n === 1 ? '' : 's'}) fits in one page: paging could not be seen` }
      : {}),
  });
  return { op, path, query, limit, paging, cursor };
}

/** A conversation's whole message list: oldest first, by timestamp then id, however long it is (the row "order"). */
function messageOrder(ctx: Ctx, op: Operation, path: string, items: Item[], request: SentRequest | undefined) {
  const base = {
    operation: op.label,
    operationId: op.id,
    check: 'order' as const,
    status: 200,
    detail: `${path}: ${items.length} message${items.length === 1 ? '' : 's'}`,
    request,
  };
  if (items.length < 2) {
    ctx.results.push({ ...base, result: 'skipped', violations: [], reason: 'fewer than 2 messages: no order to see' });
    return;
  }
  const wrong = disorder(items);
  ctx.results.push({
    ...base,
    result: wrong ? 'fail' : 'pass',
    violations: wrong
      ? [
          {
            path: 'body order',
            message: `messages out of order: ${wrong}; the whole list runs oldest first, by timestamp then id`,
          },
        ]
      : [],
  });
}

/** Cursors from another list and cut short → 400; limit outside its range → 422. */
async function refusals(ctx: Ctx, walked: Walked[]) {
  const pages = walked.some((w) => w.paging === 'honours');
  const cursors = walked.filter((w) => w.cursor !== undefined);
  for (const w of walked) {
    if (w.paging === 'ignores') continue;
    // Where this list showed no paging and no other list did either, a server that ignores the parameters conforms.
    const lenient = w.paging === 'unknown' && !pages;
    const withQuery = (extra: Record<string, string>) => {
      const q = new URLSearchParams(w.query);
      for (const [k, v] of Object.entries(extra)) q.set(k, v);
      return `${w.path}?${q}`;
    };
    const refused = async (expected: number, extra: Record<string, string>, detail: string, what: string) => {
      const r = await ctx.probe(w.op, 'invalid query', { path: withQuery(extra), expected, detail, what });
      if (lenient && r.status === 200 && r.result === 'fail')
        Object.assign(r, {
          result: 'skipped',
          violations: [],
          reason: 'paging not seen on this server: the parameter is ignored, as a server that does not page may',
          notOffered: [String(expected)],
        });
    };
    const limitParam = w.op.parameters.find((p) => p.in === 'query' && p.name === 'limit')?.schema ?? {};
    const min = typeof limitParam.minimum === 'number' ? limitParam.minimum : 1;
    const max = typeof limitParam.maximum === 'number' ? limitParam.maximum : 200;
    await refused(422, { limit: String(min - 1) }, `limit=${min - 1} (under its minimum)`, `limit=${min - 1}`);
    await refused(422, { limit: String(max + 1) }, `limit=${max + 1} (over its maximum)`, `limit=${max + 1}`);
    // Another list's cursor: one of another resource first.
    const other =
      cursors.find((c) => c.op.id !== w.op.id && resourceOf(c.op.path) !== resourceOf(w.op.path)) ??
      cursors.find((c) => c.op.id !== w.op.id);
    if (other)
      await refused(
        400,
        { limit: String(w.limit), cursor: other.cursor! },
        `cursor from ${other.op.label}`,
        `a cursor given out for ${other.op.label}`,
      );
    else if (!lenient)
      ctx.skip(w.op, 'invalid query', 'no other list gave out a cursor to try here', 'cursor from another list');
    // A cursor cut short (or, with none given out, a made-up one): not given out by this server.
    const own = w.cursor ?? cursors[0]?.cursor;
    const tampered = own ? own.slice(0, Math.max(1, Math.floor(own.length / 2))) : 'Y29uZm9ybWFuY2U';
    await refused(
      400,
      { limit: String(w.limit), cursor: tampered },
      own ? 'cursor cut short' : 'cursor made up',
      own ? 'a cursor cut to half its length' : 'a made-up cursor',
    );
  }
}
