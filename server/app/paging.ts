// Paged and streamed lists, shared by products, conversations and
// notifications (openapi.yaml, info.description "Paging").
//
// Every list is read in keyset order: its time column (descending, except a
// conversation's whole message list) then id. A page is the rows after the
// last row of the previous page, so a row inserted between two page requests
// is neither repeated nor skipped by the pages that follow; the cursor holds
// that last row's keys and a checksum tying it to its list and filters.
//
// Without `limit` the whole list is answered. Small lists (one batch) go out
// as one JSON text; longer ones are streamed in batches of BATCH rows, each
// one short keyset query whose JSON the database builds, so memory stays
// constant and other requests get the database between two batches (PGlite
// runs one query at a time). The CSV exports stream the same way, in smaller
// batches (CSV_BATCH).
//
// Not a snapshot: the batches of one streamed answer are separate queries.
// A conversation whose activity moves it to the top while its list is being
// streamed (or paged) is not repeated; it shows at the top of the next answer.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { HttpError } from './errors';

export const INVALID_CURSOR = 'Invalid cursor: request the first page again';
/** Rows per query when a whole list is streamed. */
export const BATCH = 1000;
/**
 * Rows per query of a CSV export. Each batch is mapped and formatted in
 * JavaScript on the event loop, so a smaller batch keeps the other staff's
 * requests from waiting long behind an export (1,000 rows held the session
 * check's p99 above 100 ms while exports ran; the export takes a few tenths
 * of a second longer).
 */
export const CSV_BATCH = 250;

/** A row's place in its list: its time column as text (UTC, microseconds) and its id. */
export type Key = { at: string; id: number };
/**
 * A list item as API JSON text, built by the database, with its key, and,
 * when the page was asked for it, how many items the whole list holds.
 */
export type JsonRow = Key & { json: string; total?: number };
/**
 * Up to `limit` rows after `after` (from the start when undefined), in the
 * list's order. `withTotal`: each row also carries the list's count, from a
 * subquery of the page's own statement, which PostgreSQL runs once.
 */
export type Fetch<Row extends Key = JsonRow> = (
  after: Key | undefined,
  limit: number,
  withTotal?: boolean,
) => Promise<Row[]>;

/** The time column as a key: every microsecond PostgreSQL keeps, which a JavaScript Date would drop. */
export const keyAt = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows strictly after `key` in the order (column, id), descending ('<') or
 * ascending ('>'): one row comparison, which a b-tree index on the two
 * columns answers.
 */
export const beyond = (column: string, key: Key, direction: '<' | '>'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(column)}, ${sql.ref('id')}) ${sql.raw(direction)} (${key.at}::timestamptz, ${key.id}::int)`;

const KEY_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const checksum = (scope: string, key: Key) =>
  createHash('sha256').update(`${scope}\n${key.at}\n${key.id}`).digest('base64url').slice(0, 16);

/** The cursor for the page after `key` in the list `scope` names: base64url of {k: [at, id], s: checksum}. */
export function encodeCursor(scope: string, key: Key): string {
  return Buffer.from(JSON.stringify({ k: [key.at, key.id], s: checksum(scope, key) })).toString('base64url');
}

/** The key a cursor holds; a cursor of another list or filters, altered or not one at all, is a 400. */
export function decodeCursor(scope: string, cursor: string): Key {
  const invalid = new HttpError(400, INVALID_CURSOR);
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const { k, s } = (data ?? {}) as { k?: unknown; s?: unknown };
  if (!Array.isArray(k) || k.length !== 2 || typeof s !== 'string') throw invalid;
  const [at, id] = k as unknown[];
  if (typeof at !== 'string' || !KEY_AT.test(at) || Number.isNaN(Date.parse(at))) throw invalid;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2147483647) throw invalid;
  const key = { at, id };
  if (s !== checksum(scope, key)) throw invalid;
  return key;
}

const keyOf = (row: Key): Key => ({ at: row.at, id: row.id });

/**
 * The whole list in batches of `size` rows, each fetched when the one before
 * has been used. `first`: the first fetch's answer (up to size + 1 rows), when
 * already made.
 */
async function* batches<Row extends Key>(fetch: Fetch<Row>, size = BATCH, first?: Row[]): AsyncGenerator<Row[]> {
  let rows = first ?? (await fetch(undefined, size + 1));
  for (;;) {
    const more = rows.length > size;
    const items = more ? rows.slice(0, size) : rows;
    if (items.length > 0) yield items;
    if (!more) return;
    // PGlite runs each query on this thread: let the event loop take other
    // requests (and their queries) in before the next batch.
    await turn();
    rows = await fetch(keyOf(items[items.length - 1]), size + 1);
  }
}

/**
 * A body made of `parts`, the first of them already produced (so that a
 * failure of the first query is still an ordinary error answer). The next
 * part is produced only when the client has taken the one before.
 */
function streamOf(first: string, rest: AsyncIterator<string>): Readable {
  async function* all() {
    yield first;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return Readable.from(all(), { objectMode: false });
}

export type ListSource = {
  /** Which list, with which filters: a cursor is good for this list only. */
  scope: string;
  /** Rows in page order (newest first). */
  page: Fetch;
  /** Rows in the order of the whole list when it differs from the pages' (a conversation's messages: oldest first). */
  whole?: Fetch;
  /** Each page's items in the opposite order to `page` (messages: a page of the newest, shown oldest first). */
  reversePages?: boolean;
  /** How many items the whole list holds. */
  count(): Promise<number>;
};

export type ListRequest = {
  /** The operation's path, as the next page's link gives it. */
  path: string;
  /** The request's filters, kept in the next page's link. */
  filters?: Record<string, string | undefined>;
  limit?: number;
  cursor?: string;
};

/**
 * Answers a list: one page when `limit` is given (with X-Total-Count, and a
 * Link to the next page when more follow), else the whole list, streamed when
 * it is longer than one batch. A cursor without `limit` is not read: the
 * whole list is answered, as the contract says.
 */
export async function sendList(reply: FastifyReply, source: ListSource, request: ListRequest) {
  reply.type('application/json');
  if (request.limit === undefined) return sendWhole(reply, source);
  const { limit } = request;
  const after = request.cursor === undefined ? undefined : decodeCursor(source.scope, request.cursor);
  // The count comes with the page, in the same statement: one round trip to
  // the database instead of two, which on a busy server is a good part of a
  // page's cost. Only an empty page after a cursor has no row to carry it.
  const rows = await source.page(after, limit + 1, true);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  // The first page holding everything is the whole list: its length is the count.
  const total = !after && !more ? page.length : (rows[0]?.total ?? (await source.count()));
  reply.header('x-total-count', String(total));
  if (more) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.filters ?? {})) if (value !== undefined) query.set(name, value);
    query.set('limit', String(limit));
    query.set('cursor', encodeCursor(source.scope, keyOf(page[page.length - 1])));
    reply.header('link', `<${request.path}?${query}>; rel="next"`);
  }
  const items = page.map((row) => row.json);
  if (source.reversePages) items.reverse();
  return reply.send(`[${items.join(',')}]`);
}

async function sendWhole(reply: FastifyReply, source: ListSource) {
  const fetch = source.whole ?? source.page;
  const first = await fetch(undefined, BATCH + 1);
  if (first.length <= BATCH) {
    // One batch is the whole list: one JSON text (it gets an ETag).
    reply.header('x-total-count', String(first.length));
    return reply.send(`[${first.map((row) => row.json).join(',')}]`);
  }
  reply.header('x-total-count', String(await source.count()));
  // A HEAD answer has no body: the rest is not read. (An empty stream, not
  // no body: the GET's length is not known, so none is stated.)
  if (reply.request.method === 'HEAD') return reply.send(Readable.from([]));
  const parts = batches(fetch, BATCH, first);
  async function* rest() {
    let separator = '';
    for await (const rows of parts) {
      yield separator + rows.map((row) => row.json).join(',');
      separator = ',';
    }
    yield ']';
  }
  // Streamed: no ETag (the ETag plugin hashes string bodies only), so a
  // client revalidating a list this long downloads it again.
  return reply.send(streamOf('[', rest()));
}

/**
 * Sends a CSV file streamed in batches: `head` (the header line), then each
 * batch of rows as `format` writes it.
 */
export async function sendCsv<Row extends Key>(
  reply: FastifyReply,
  filename: string,
  head: string,
  fetch: Fetch<Row>,
  format: (rows: Row[]) => string,
) {
  const parts = batches(fetch, CSV_BATCH);
  const first = await parts.next();
  async function* rest() {
    for await (const rows of parts) yield format(rows);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(streamOf(head + (first.done ? '' : format(first.value)), rest()));
}
