// Write scenarios (--write): typed openapi-fetch calls on a product the check
// creates itself (and the product forms' exact rules, forms.ts), settings
// written back unchanged, and (--reach-customers) the calls that reach real
// customers, with the refusals only they can provoke (a message to a
// conversation not taken over, a follow-up check while follow-ups are
// disabled). A contract change these calls do not follow fails
// `tsc --noEmit`.
import createClient from 'openapi-fetch';
import { randomBytes, randomInt } from 'node:crypto';
import type { components, paths } from '../common/generated/openapi-types';
import { formChecks, tinyPng } from './forms';
import { bodyNegatives } from './negative';
import type { Ctx } from './shared';

type ProductCreate = components['schemas']['ProductCreateForm'];
type ProductUpdate = components['schemas']['ProductUpdateForm'];
type FollowUpSettings = components['schemas']['FollowUpSettings'];
type BotSettings = components['schemas']['BotSettings'];
type BusinessProfile = components['schemas']['BusinessProfile'];
type DeliveryZoneList = components['schemas']['DeliveryZoneList'];
type BusinessLogoForm = components['schemas']['BusinessLogoForm'];

function toForm(fields: Record<string, unknown>, files: Record<string, Blob | Blob[]>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  for (const [k, v] of Object.entries(files)) for (const blob of [v].flat()) form.append(k, blob, `${k}.png`);
  return form;
}

export async function writeScenarios(ctx: Ctx) {
  const client = createClient<paths>({ baseUrl: ctx.base, headers: { cookie: ctx.cookie } });
  const op = (id: string) => ctx.contract.op(id);
  const rec = async (id: string, r: { response: Response; data?: unknown; error?: unknown }) => {
    ctx.methodsSent.push(`${op(id).method} ${new URL(r.response.url).pathname}`);
    // openapi-fetch parses an error answer's JSON whatever parseAs says: written back as text.
    const text =
      typeof r.data === 'string'
        ? r.data
        : typeof r.error === 'string'
          ? r.error
          : r.error !== undefined && r.error !== null
            ? JSON.stringify(r.error)
            : '';
    ctx.record(op(id), r.response.status, r.response.headers, text);
    try {
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  /** A call that only sets something back: sent (and listed) but not checked. */
  const unchecked = async <R extends { response: Response }>(method: string, r: Promise<R>) => {
    const done = await r;
    ctx.methodsSent.push(`${method} ${new URL(done.response.url).pathname}`);
    return done;
  };

  // Product life cycle on a record of our own: a name no catalogue has, inactive so no customer sees it.
  const created: ProductCreate = {
    name: `Conformance slab ${randomBytes(4).toString('hex')}`,
    category: 'granite',
    color: 'Black',
    dimensions: '3000x1400x20',
    description: 'Made by the conformance check; deleted at the end of its run.',
    startingPrice: `${randomInt(1000, 5000)}.00`,
    endingPrice: `${randomInt(5001, 9000)}.50`,
    stock: randomInt(1, 21),
    isActive: false,
  };
  const c = await client.POST('/api/products', {
    body: created,
    bodySerializer: (b) => toForm(b, { productImage: tinyPng(), installationImages: [tinyPng(), tinyPng()] }),
    parseAs: 'text',
  });
  const product = (await rec('createProduct', c)) as { id?: number } | undefined;
  const id = product?.id;
  if (typeof id !== 'number') await formChecks(ctx, undefined);
  else {
    await rec('getProduct', await client.GET('/api/products/{id}', { params: { path: { id } }, parseAs: 'text' }));
    const update: ProductUpdate = { stock: created.stock + 1, description: '' };
    const u = await client.PATCH('/api/products/{id}', {
      params: { path: { id } },
      body: update,
      bodySerializer: (b) => toForm(b, {}),
      parseAs: 'text',
    });
    const after = (await rec('updateProduct', u)) as { description?: unknown; stock?: unknown } | undefined;
    if (after && (after.description ?? null) !== null) {
      ctx.results.push({
        operation: op('updateProduct').label,
        operationId: 'updateProduct',
        check: 'answer',
        result: 'fail',
        status: u.response.status,
        violations: [
          {
            path: 'body.description',
            message: 'a field sent empty must be cleared (null), got ' + JSON.stringify(after.description),
          },
        ],
      });
    }
    // Broken bodies aimed at our own product: a server that accepts one changes only that.
    await bodyNegatives(ctx, op('updateProduct'), `/api/products/${id}`);
    const csv = `Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs\ngranite,${created.name},Black,3000x1400x20,1200,2400,,Imported by the conformance check,,\n`;
    const i = await client.POST('/api/products/import', {
      body: { file: '' },
      bodySerializer: () => {
        const f = new FormData();
        f.append('file', new Blob([csv], { type: 'text/csv' }), 'conformance.csv');
        return f;
      },
      parseAs: 'text',
    });
    await rec('importProducts', i);
    await formChecks(ctx, { id, name: created.name });
    await rec(
      'deleteProduct',
      await client.DELETE('/api/products/{id}', { params: { path: { id } }, parseAs: 'text' }),
    );
  }

  // Settings: write back what is there, so nothing changes.
  const s = await client.GET('/api/follow-ups/settings', { parseAs: 'text' });
  const settings = (await rec('getFollowUpSettings', s)) as FollowUpSettings | undefined;
  if (settings)
    await rec(
      'updateFollowUpSettings',
      await client.PATCH('/api/follow-ups/settings', { body: settings, parseAs: 'text' }),
    );

  await botSettingsScenario(ctx, client, rec, unchecked);

  // Templates read again from WhatsApp: the list becomes what the business
  // account already holds (409 where WhatsApp is not connected; a backend
  // without the call answers 404: not offered).
  await rec('syncMessageTemplates', await client.POST('/api/message-templates/sync', { parseAs: 'text' }));

  // Notifications: only calls that leave the data as it was.
  const unread = await client.GET('/api/notifications/unread', { parseAs: 'text' });
  const unreadList = (await rec('listUnreadNotifications', unread)) as unknown[] | undefined;
  if (Array.isArray(unreadList) && unreadList.length === 0) {
    await rec('markAllNotificationsRead', await client.POST('/api/notifications/mark-all-read', { parseAs: 'text' }));
  } else {
    // Marking real unread notifications read cannot be undone through the API.
    ctx.skip(
      op('markAllNotificationsRead'),
      'answer',
      'there are unread notifications: marking them read could not be put back',
    );
    ctx.done.add('markAllNotificationsRead');
  }
  const all = (await rec('listNotifications', await client.GET('/api/notifications', { parseAs: 'text' }))) as
    { id: number; isRead: boolean }[] | undefined;
  const read = Array.isArray(all) ? all.find((n) => n.isRead) : undefined;
  if (!read) {
    ctx.skip(
      op('markNotificationRead'),
      'answer',
      'no notification already read: marking one read could not be put back',
    );
    ctx.done.add('markNotificationRead');
  } else
    await rec(
      'markNotificationRead',
      await client.PATCH('/api/notifications/{id}/read', { params: { path: { id: read.id } }, parseAs: 'text' }),
    );

  await inboxScenarios(ctx, client, rec, unchecked);
  await quotesScenarios(ctx, client, rec);
  await deliveryZonesScenario(ctx, client, rec);

  if (!ctx.mode.reachCustomers) return;
  const convId = ctx.ids.conversation;
  if (convId !== undefined) {
    const path = { path: { id: convId } };
    const message = { content: 'Conformance check: please ignore this message.', messageType: 'text' } as const;
    const notTakenOver = () =>
      ctx.probe(op('sendConversationMessage'), 'not taken over', {
        path: `/api/conversations/${convId}/messages`,
        expected: 409,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        what: 'a message to a conversation not in admin_takeover',
      });
    const before = (await rec(
      'getConversation',
      await client.GET('/api/conversations/{id}', { params: path, parseAs: 'text' }),
    )) as { status?: components['schemas']['ConversationStatus'] } | undefined;
    if (before?.status === 'admin_takeover') {
      await rec(
        'updateConversationStatus',
        await client.PATCH('/api/conversations/{id}', {
          params: path,
          body: { status: 'admin_required' },
          parseAs: 'text',
        }),
      );
      await notTakenOver();
      await unchecked(
        'PATCH',
        client.PATCH('/api/conversations/{id}', { params: path, body: { status: 'admin_takeover' }, parseAs: 'text' }),
      );
      await rec(
        'sendConversationMessage',
        await client.POST('/api/conversations/{id}/messages', { params: path, body: message, parseAs: 'text' }),
      );
    } else {
      await rec(
        'updateConversationStatus',
        await client.PATCH('/api/conversations/{id}', {
          params: path,
          body: { status: 'admin_takeover' },
          parseAs: 'text',
        }),
      );
      await rec(
        'sendConversationMessage',
        await client.POST('/api/conversations/{id}/messages', { params: path, body: message, parseAs: 'text' }),
      );
      if (before?.status) {
        await unchecked(
          'PATCH',
          client.PATCH('/api/conversations/{id}', { params: path, body: { status: before.status }, parseAs: 'text' }),
        );
        await notTakenOver();
      }
    }
  }
  // A template without its variables: refused (409 when not taken over, else 422) before anything is sent.
  if (convId !== undefined && !ctx.absent.has('sendConversationTemplate')) {
    const template = ctx.contract.op('sendConversationTemplate');
    // The status the steps above left it in (the one it had before them, unless that was none).
    const current = (await client.GET('/api/conversations/{id}', { params: { path: { id: convId } } })).data;
    const refused = await ctx.probe(template, 'invalid body', {
      path: `/api/conversations/${convId}/template-messages`,
      expected: current?.status === 'admin_takeover' ? 422 : 409,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: 2147483647, variables: [] }),
      what: 'a template nothing has',
    });
    ctx.skip(
      template,
      'answer',
      `a template that is sent reaches a customer: only refusals are checked (${refused.status})`,
    );
    ctx.done.add('sendConversationTemplate');
  }
  await rec('runFollowUpCheck', await client.POST('/api/follow-ups/check', { parseAs: 'text' }));
  // Follow-ups disabled: the check must refuse with 409. Enabled settings are switched off for that one call and written back.
  if (settings) {
    const disabled = () =>
      ctx.probe(op('runFollowUpCheck'), 'disabled', {
        path: '/api/follow-ups/check',
        expected: 409,
        what: 'a follow-up check while follow-ups are disabled',
      });
    if (!settings.enabled) await disabled();
    else {
      const off = await unchecked(
        'PATCH',
        client.PATCH('/api/follow-ups/settings', { body: { ...settings, enabled: false }, parseAs: 'text' }),
      );
      if (off.response.ok) await disabled();
      const back = await unchecked(
        'PATCH',
        client.PATCH('/api/follow-ups/settings', { body: settings, parseAs: 'text' }),
      );
      if (!back.response.ok) {
        ctx.results.push({
          operation: op('updateFollowUpSettings').label,
          operationId: 'updateFollowUpSettings',
          check: 'answer',
          result: 'fail',
          status: back.response.status,
          violations: [
            {
              path: 'status',
              message: `writing the follow-up settings back answered ${back.response.status}: check them by hand`,
            },
          ],
        });
      }
    }
  }
}

type Client = ReturnType<typeof createClient<paths>>;
type Rec = (id: string, r: { response: Response; data?: unknown; error?: unknown }) => Promise<unknown>;
type Unchecked = <R extends { response: Response }>(method: string, r: Promise<R>) => Promise<R>;

/**
 * The chatbot's settings (beyond the spec), when the server offers them:
 * written back as they are, so nothing changes, then a day that closes
 * before it opens, which must be refused with 400. A server that takes it
 * anyway gets its settings written back at once.
 */
async function botSettingsScenario(ctx: Ctx, client: Client, rec: Rec, unchecked: Unchecked) {
  if (ctx.absent.has('updateBotSettings')) return;
  const settings = (await rec('getBotSettings', await client.GET('/api/bot/settings', { parseAs: 'text' }))) as
    BotSettings | undefined;
  // What the server answered, conforming or not: checked before use.
  const week: unknown = settings?.businessHours?.days;
  if (!settings || !Array.isArray(week) || week.length === 0) return;
  await rec('updateBotSettings', await client.PUT('/api/bot/settings', { body: settings, parseAs: 'text' }));

  const [first, ...rest] = settings.businessHours.days;
  const backwards: BotSettings = {
    ...settings,
    // No product of its own: only the hours can be what is refused.
    bargaining: { ...settings.bargaining, productLimits: [] },
    businessHours: {
      ...settings.businessHours,
      days: [{ ...first, open: true, from: '18:00', to: '08:00' }, ...rest],
    },
  };
  const refused = await ctx.probe(ctx.contract.op('updateBotSettings'), 'closes before opening', {
    path: '/api/bot/settings',
    expected: 400,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(backwards),
    detail: `${first.day} 18:00-08:00`,
    what: `${first.day} open from 18:00 to 08:00`,
  });
  if (refused.status !== undefined && refused.status < 300) {
    const back = await unchecked('PUT', client.PUT('/api/bot/settings', { body: settings, parseAs: 'text' }));
    if (!back.response.ok)
      refused.violations.push({
        path: 'status',
        message: `writing the chatbot settings back answered ${back.response.status}: check them by hand`,
      });
  }
}

/**
 * Beyond the spec, when the server offers them: quick replies (one of its
 * own, created, changed, moved and deleted, the order put back), read state
 * (set and put back) and a retry of a message nothing has (404).
 */
async function inboxScenarios(ctx: Ctx, client: Client, rec: Rec, unchecked: Unchecked) {
  if (!ctx.absent.has('createQuickReply')) {
    const created = (await rec(
      'createQuickReply',
      await client.POST('/api/quick-replies', {
        body: { title: 'Conformance check', content: 'Conformance check: {{customerName}}' },
        parseAs: 'text',
      }),
    )) as { id?: number } | undefined;
    const id = created?.id;
    if (typeof id === 'number') {
      await rec(
        'updateQuickReply',
        await client.PATCH('/api/quick-replies/{quickReplyId}', {
          params: { path: { quickReplyId: id } },
          body: { content: 'Conformance check, changed' },
          parseAs: 'text',
        }),
      );
      const list = await client.GET('/api/quick-replies', { parseAs: 'text' });
      const ids = (JSON.parse(String(list.data ?? '[]')) as { id: number }[]).map((q) => q.id);
      // Ours first, then the others as they were; afterwards the order as it was.
      await rec(
        'reorderQuickReplies',
        await client.PUT('/api/quick-replies/order', {
          body: { ids: [id, ...ids.filter((other) => other !== id)] },
          parseAs: 'text',
        }),
      );
      await unchecked('PUT', client.PUT('/api/quick-replies/order', { body: { ids }, parseAs: 'text' }));
      await ctx.probe(ctx.contract.op('reorderQuickReplies'), 'incomplete order', {
        path: '/api/quick-replies/order',
        expected: 422,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: ids.filter((other) => other !== id) }),
        what: 'an order that leaves one quick reply out',
      });
      await rec(
        'deleteQuickReply',
        await client.DELETE('/api/quick-replies/{quickReplyId}', {
          params: { path: { quickReplyId: id } },
          parseAs: 'text',
        }),
      );
    }
  }

  const convId = ctx.ids.conversation;
  if (convId !== undefined && !ctx.absent.has('markConversationRead')) {
    const path = { path: { id: convId } };
    const got = await client.GET('/api/conversations/{id}', { params: path, parseAs: 'text' });
    const before = JSON.parse(typeof got.data === 'string' ? got.data : '{}') as { unreadCount?: number };
    // Unread before: read it, then unread again; read before: the other way round.
    const read = () => client.POST('/api/conversations/{id}/read', { params: path, parseAs: 'text' });
    const unread = () => client.DELETE('/api/conversations/{id}/read', { params: path, parseAs: 'text' });
    if ((before.unreadCount ?? 0) > 0) {
      await rec('markConversationRead', await read());
      await rec('markConversationUnread', await unread());
    } else {
      await rec('markConversationUnread', await unread());
      await rec('markConversationRead', await read());
    }
  }
  if (convId !== undefined && !ctx.absent.has('retryConversationMessage')) {
    // A message nothing has: 404, and nothing is sent whatever the server does. A real
    // failed message is not sent again: that would reach a customer.
    const retry = ctx.contract.op('retryConversationMessage');
    await ctx.probe(retry, 'unknown id', {
      path: `/api/conversations/${convId}/messages/2147483647/retry`,
      expected: 404,
      what: 'a retry of a message nothing has',
    });
    ctx.skip(retry, 'answer', 'sending a failed message again reaches a customer: only its refusals are checked');
    ctx.done.add('retryConversationMessage');
  }

  // Orders (beyond the spec): nothing a real order cannot take back is sent. Its delivery town
  // is written back as it is; a move to the state it is already in (never allowed: 409) and a
  // payment above any balance (400, or 409 on a cancelled order) are refusals that change nothing.
  const orderId = ctx.ids.order;
  if (orderId !== undefined && !ctx.absent.has('getOrder')) {
    const path = `/api/orders/${orderId}`;
    const got = await ctx.send('GET', path, { headers: { cookie: ctx.cookie } });
    const order = JSON.parse(got.status === 200 ? got.body : '{}') as { status?: string; deliveryTown?: string | null };
    if (order.status !== undefined) {
      const send = async (id: string, method: string, to: string, body: unknown) => {
        const init = {
          headers: { cookie: ctx.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
        const answer = await ctx.send(method, to, init);
        ctx.record(ctx.contract.op(id), answer.status, answer.headers, answer.body);
      };
      await send('updateOrder', 'PATCH', path, { deliveryTown: order.deliveryTown ?? null });
      await send('changeOrderStatus', 'POST', `${path}/status`, { status: order.status, tellCustomer: false });
      await send('recordOrderPayment', 'POST', `${path}/payments`, {
        amount: 21474836.47,
        method: 'cash',
        reference: `conformance-${randomBytes(4).toString('hex')}`,
      });
    }
  }

  // M-Pesa payments (beyond the spec): a push reaches the customer's phone and asks for their
  // PIN, and a payment matched or dismissed changes an order's money or the shop's books, so
  // only their refusals are checked (an id nothing has, a body no server can take, above).
  if (orderId !== undefined && !ctx.absent.has('requestOrderPayment')) {
    const request = ctx.contract.op('requestOrderPayment');
    const refused = await ctx.probe(request, 'invalid body', {
      path: `/api/orders/${orderId}/payment-requests`,
      expected: 422,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1, phone: 'not a phone' }),
      what: 'a payment request to no phone number',
    });
    ctx.skip(request, 'answer', `a push reaches a customer's phone: only refusals are checked (${refused.status})`);
    ctx.done.add('requestOrderPayment');
  }
  for (const id of ['matchPayment', 'dismissPayment'] as const) {
    if (ctx.absent.has(id)) continue;
    ctx.skip(
      ctx.contract.op(id),
      'answer',
      "matching or dismissing a real payment changes an order's money or the shop's books: only refusals are checked",
    );
    ctx.done.add(id);
  }
}

/**
 * Beyond the spec, when the server offers them: the business profile written
 * back as read, a logo that is no image (400, so the logo stays), and a quote
 * of the check's own on a real conversation, which never reaches the customer
 * without --reach-customers and is never accepted (that would make an order):
 * created, changed, refused what a draft cannot do (accept, revise: 409),
 * sent and revised only with --reach-customers, then cancelled.
 */
async function quotesScenarios(ctx: Ctx, client: Client, rec: Rec) {
  if (!ctx.absent.has('updateBusinessProfile')) {
    const profile = (await rec('getBusinessProfile', await client.GET('/api/business', { parseAs: 'text' }))) as
      BusinessProfile | undefined;
    if (profile && typeof profile === 'object') {
      const { logoUrl: _logo, ...input } = profile;
      await rec('updateBusinessProfile', await client.PUT('/api/business', { body: input, parseAs: 'text' }));
    }
    const form = new FormData();
    form.set('logo', new Blob(['not an image'], { type: 'image/png' }), 'logo.png');
    await rec(
      'uploadBusinessLogo',
      await client.POST('/api/business/logo', {
        body: form as unknown as BusinessLogoForm,
        bodySerializer: (body) => body as unknown as FormData,
        parseAs: 'text',
      }),
    );
  }
  const conversationId = ctx.ids.conversation;
  const productId = ctx.ids.product;
  if (ctx.absent.has('createQuote') || conversationId === undefined || productId === undefined) return;
  const created = (await rec(
    'createQuote',
    await client.POST('/api/conversations/{id}/quotes', {
      params: { path: { id: conversationId } },
      body: { lines: [{ productId, quantity: 1 }], pickup: true, note: 'Conformance check: please ignore.' },
      parseAs: 'text',
    }),
  )) as { id?: number } | undefined;
  const quoteId = created?.id;
  if (typeof quoteId !== 'number') return;
  const path = { path: { quoteId } };
  await rec(
    'updateQuote',
    await client.PATCH('/api/quotes/{quoteId}', {
      params: path,
      body: { note: 'Conformance check: please ignore (changed).' },
      parseAs: 'text',
    }),
  );
  await rec('getQuote', await client.GET('/api/quotes/{quoteId}', { params: path, parseAs: 'text' }));
  // A draft is neither accepted nor revised (409): nothing changes.
  await rec('acceptQuote', await client.POST('/api/quotes/{quoteId}/accept', { params: path, parseAs: 'text' }));
  let last = quoteId;
  if (ctx.mode.reachCustomers) {
    await rec('sendQuote', await client.POST('/api/quotes/{quoteId}/send', { params: path, parseAs: 'text' }));
    const revised = (await rec(
      'reviseQuote',
      await client.POST('/api/quotes/{quoteId}/revise', { params: path, parseAs: 'text' }),
    )) as { id?: number } | undefined;
    if (typeof revised?.id === 'number') last = revised.id;
  } else {
    await rec('reviseQuote', await client.POST('/api/quotes/{quoteId}/revise', { params: path, parseAs: 'text' }));
  }
  await rec(
    'cancelQuote',
    await client.POST('/api/quotes/{quoteId}/cancel', { params: { path: { quoteId: last } }, parseAs: 'text' }),
  );
}

/**
 * Delivery zones (beyond the spec), when the server offers them: a zone of the check's own,
 * created, changed and deleted, and pickup written back as it was read.
 */
async function deliveryZonesScenario(ctx: Ctx, client: Client, rec: Rec) {
  if (ctx.absent.has('createDeliveryZone')) return;
  const list = (await rec('listDeliveryZones', await client.GET('/api/delivery-zones', { parseAs: 'text' }))) as
    DeliveryZoneList | undefined;
  const created = (await rec(
    'createDeliveryZone',
    await client.POST('/api/delivery-zones', {
      body: { name: `Conformance zone ${randomBytes(4).toString('hex')}`, places: [], fee: 0, leadDays: 0 },
      parseAs: 'text',
    }),
  )) as { id?: number } | undefined;
  if (typeof created?.id === 'number') {
    const path = { path: { zoneId: created.id } };
    await rec(
      'updateDeliveryZone',
      await client.PATCH('/api/delivery-zones/{zoneId}', { params: path, body: { leadDays: 1 }, parseAs: 'text' }),
    );
    await rec(
      'deleteDeliveryZone',
      await client.DELETE('/api/delivery-zones/{zoneId}', { params: path, parseAs: 'text' }),
    );
  }
  const pickup = list?.pickup;
  if (pickup && typeof pickup === 'object')
    await rec('updateDeliveryPickup', await client.PUT('/api/delivery-pickup', { body: pickup, parseAs: 'text' }));
}
