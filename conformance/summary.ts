// GET /api/summary (optional: a 404 means not offered) must give the counts
// the lists give: products and active products, conversations and those
// needing attention (admin_required), unread notifications, and the
// analytics overview's active conversations. On a live server a count may
// move while the lists are read, so the summary is read before and after
// them and a count matches when it equals either.
import type { Violation } from './contract';
import { parseJson, type Ctx } from './shared';

type Counts = Record<string, number>;

export async function summaryChecks(ctx: Ctx) {
  if (!ctx.contract.has('getSummary')) return;
  const op = ctx.contract.op('getSummary');
  if (ctx.absent.has(op.id)) return; // reported as not offered by the walk
  const headers = { cookie: ctx.cookie };
  const read = async (path: string) => {
    const answer = await ctx.send('GET', path, { headers });
    return answer.status === 200 ? parseJson(answer.body) : undefined;
  };
  const before = (await read(op.path)) as Counts | undefined;
  if (!before || typeof before !== 'object') {
    ctx.skip(op, 'summary', `${op.path} gave no counts to compare`);
    return;
  }
  type Row = { isActive?: unknown; status?: unknown };
  const list = async (id: string) => {
    if (!ctx.contract.has(id)) return undefined;
    const body = await read(ctx.contract.op(id).path);
    return Array.isArray(body) ? (body as Row[]) : undefined;
  };
  const products = await list('listProducts');
  const conversations = await list('listConversations');
  const unread = await list('listUnreadNotifications');
  const overview = ctx.contract.has('getAnalyticsOverview')
    ? ((await read(ctx.contract.op('getAnalyticsOverview').path)) as { activeConversations?: unknown } | undefined)
    : undefined;
  const after = ((await read(op.path)) as Counts | undefined) ?? before;

  const counted: Record<string, [number | undefined, string]> = {
    totalProducts: [products?.length, 'GET /api/products holds'],
    activeProducts: [products?.filter((p) => p?.isActive === true).length, 'GET /api/products has isActive on'],
    totalConversations: [conversations?.length, 'GET /api/conversations holds'],
    conversationsNeedingAttention: [
      conversations?.filter((c) => c?.status === 'admin_required').length,
      'GET /api/conversations has admin_required on',
    ],
    unreadNotifications: [unread?.length, 'GET /api/notifications/unread holds'],
    activeConversations: [
      typeof overview?.activeConversations === 'number' ? overview.activeConversations : undefined,
      'GET /api/analytics/overview says activeConversations is',
    ],
  };
  const violations: Violation[] = [];
  const compared: string[] = [];
  for (const [key, [value, source]] of Object.entries(counted)) {
    if (value === undefined || !(key in before)) continue;
    compared.push(key);
    if (value !== before[key] && value !== after[key])
      violations.push({
        path: `body/${key}`,
        message: `is ${after[key]}${after[key] !== before[key] ? ` (${before[key]} before the lists were read)` : ''}; ${source} ${value}`,
      });
  }
  ctx.results.push({
    operation: op.label,
    operationId: op.id,
    check: 'summary',
    detail: 'counts against the lists',
    result: violations.length ? 'fail' : compared.length ? 'pass' : 'skipped',
    status: 200,
    violations,
    ...(compared.length ? {} : { reason: 'no list answered to compare the counts with' }),
  });
}
