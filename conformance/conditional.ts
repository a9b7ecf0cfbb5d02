// Conditional requests (info.description "Conditional requests"): every GET
// that documents 304 — the lists, the details, the summary — is asked again
// with `If-None-Match` naming the ETag it answered: 304 with no body (and the
// same ETag, when it sends one); with an ETag it never gave, the full answer.
// The ETag must be strong. A server that sends no ETag does not offer
// conditional requests: reported as such, not as a failure.
import type { Violation } from './contract';
import { idParam, resourceOf, type Ctx } from './shared';

/** An entity tag no server gave out. */
const STALE = '"conformance-stale-etag"';

export async function conditionalChecks(ctx: Ctx) {
  for (const op of ctx.contract.operations.filter((o) => o.method === 'GET' && '304' in o.responses)) {
    if (ctx.absent.has(op.id)) continue; // an optional call the server does not have: reported already
    let path = op.path;
    const param = idParam(path);
    if (param) {
      const id = ctx.ids[resourceOf(op.path)];
      if (id === undefined) {
        ctx.skip(op, 'not modified', 'no record to ask for: the list it comes from was empty');
        continue;
      }
      path = path.replace(param, String(id));
    }
    if (path.includes('{quoteId}')) {
      if (ctx.ids.quote === undefined) {
        ctx.skip(op, 'not modified', 'no quote to ask for: the list of quotes was empty');
        continue;
      }
      path = path.replace('{quoteId}', String(ctx.ids.quote));
    }
    const query = ctx.plainQuery(op);
    const headers = { cookie: ctx.cookie };
    let plain = await ctx.send('GET', path + query, { headers });
    if (plain.status !== 200) {
      ctx.skip(op, 'not modified', `${path + query} answered ${plain.status}: no ETag to send back`);
      continue;
    }
    let etag = plain.headers.get('etag');
    let detail = 'If-None-Match: its ETag';
    // A whole list too long to hash may go without one (the reference server streams it): then a page.
    if (!etag && op.parameters.some((p) => p.in === 'query' && p.name === 'limit')) {
      const paged = new URLSearchParams(query);
      paged.set('limit', '1');
      const page = await ctx.send('GET', `${path}?${paged}`, { headers });
      if (page.status === 200 && page.headers.get('etag')) {
        plain = page;
        etag = page.headers.get('etag');
        path = `${path}?${paged}`;
        detail = 'If-None-Match: the ETag of a page (limit=1)';
      }
    } else path += query;
    if (!etag) {
      ctx.results.push({
        operation: op.label,
        operationId: op.id,
        check: 'not modified',
        result: 'skipped',
        violations: [],
        reason: 'conditional requests not offered: the answer carries no ETag',
        notOffered: ['304'],
      });
      continue;
    }
    let again = await ctx.send('GET', path, { headers: { ...headers, 'if-none-match': etag } });
    // The data may have changed in between on a live server: once more with the new ETag.
    if (again.status === 200 && again.headers.get('etag') && again.headers.get('etag') !== etag) {
      plain = again;
      etag = again.headers.get('etag')!;
      again = await ctx.send('GET', path, { headers: { ...headers, 'if-none-match': etag } });
    }
    const violations: Violation[] = [];
    if (/^W\//.test(etag))
      violations.push({ path: 'header ETag', message: `${etag} is a weak ETag; the contract asks for a strong one` });
    if (again.status !== 304)
      violations.push({
        path: 'status',
        message: `answered ${again.status} to If-None-Match with the ETag it gave (${etag}); must be 304`,
      });
    else {
      const sent = again.headers.get('etag');
      if (sent && sent !== etag)
        violations.push({ path: 'header ETag', message: `the 304 names ${sent}, not the ETag sent (${etag})` });
    }
    violations.push(...ctx.contract.check(op, again.status, again.headers, again.body));
    const stale = await ctx.send('GET', path, { headers: { ...headers, 'if-none-match': STALE } });
    if (stale.status !== 200 || stale.body.length === 0)
      violations.push({
        path: 'status',
        message: `answered ${stale.status}${stale.status === 200 ? ' without a body' : ''} to If-None-Match with an ETag it never gave; must be 200 with the answer`,
      });
    ctx.results.push({
      operation: op.label,
      operationId: op.id,
      check: 'not modified',
      detail,
      result: violations.length ? 'fail' : 'pass',
      status: again.status,
      violations,
      request: ctx.lastRequest(),
    });
  }
}
