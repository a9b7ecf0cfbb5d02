// Model-based sequences over operations the contract links:
//   products: create → get → update (fields left out unchanged, fields sent
//     empty cleared, images replaced or removed) → list → delete → get 404 →
//     delete again 404;
//   conversations: status changes, and admin replies that are accepted only
//     in admin_takeover (409 otherwise) and show up in the conversation;
//   notifications: mark one read → the unread list shrinks by exactly that
//     one; mark all read → the count it reports is the unread count, and
//     nothing stays unread.
// Each command checks its answers against the model and the contract.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { operation, type Operation } from '../../app/openapi/openapi';
import { unfilledBlanks } from '../../../common/placeholders';
import type { NotificationType } from '../../realtime/events';
import { positiveProblems } from './checks';
import { formArbitrary, type FormValue } from './generators';
import { failure, type Answer, type Exchange, type Harness } from './harness';
import { visible, type Shape } from './requests';
import { arbitraryFor, typesOf, type Schema } from './schema-arbitrary';

const shapeOf = (params: Record<string, string>, body?: Shape['body']): Shape => ({
  params,
  query: [],
  body,
  cookie: 'session',
  headers: {},
});

async function call(
  h: Harness,
  op: Operation,
  params: Record<string, string> = {},
  body?: Shape['body'],
): Promise<Exchange> {
  const exchange = await h.send(await h.wire(op, shapeOf(params, body)));
  const problems = positiveProblems(op, exchange);
  if (problems.length > 0) throw failure(`${op.operationId} in a sequence`, problems, exchange);
  return exchange;
}

function expectStatus(exchange: Exchange, status: number, why: string) {
  if (exchange.answer.statusCode !== status)
    throw failure(`expected ${status}: ${why}`, [`got ${exchange.answer.statusCode}`], exchange);
}

function expectEqual(exchange: Exchange | undefined, actual: unknown, expected: unknown, what: string) {
  if (isDeepStrictEqual(actual, expected)) return;
  const message = `${what}\n  expected: ${visible(JSON.stringify(expected))}\n  actual:   ${visible(JSON.stringify(actual))}`;
  if (exchange) throw failure(message, [], exchange);
  throw new Error(message);
}

/** Commands run, by class name: the test checks the sequences were not vacuous. */
export const commandsRun = new Map<string, number>();
const tally = (name: string) => commandsRun.set(name, (commandsRun.get(name) ?? 0) + 1);

const json = (answer: Answer) => JSON.parse(answer.body) as unknown;

// ---------------------------------------------------------------- products

/** A product as the model tracks it: the contract's fields, images reduced to whether / how many. */
type ProductView = Record<string, unknown> & { hasImage: boolean; installationImages: number };
type ProductModel = { live: Map<number, ProductView>; deleted: number[] };

const IMAGE_FIELDS = ['productImageUrl', 'installationImageUrls'];

/** The contract's product fields (a field left out reads as null), images as whether / how many. */
function view(ops: ProductOps, product: Record<string, unknown>): ProductView {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys((ops.productSchema.properties ?? {}) as Record<string, unknown>)) {
    if (key !== 'id' && !IMAGE_FIELDS.includes(key)) out[key] = product[key] ?? null;
  }
  return {
    ...out,
    hasImage: product.productImageUrl != null,
    installationImages: ((product.installationImageUrls ?? []) as unknown[]).length,
  };
}

type ProductOps = {
  create: Operation;
  get: Operation;
  update: Operation;
  list: Operation;
  remove: Operation;
  productSchema: Schema;
};

export function productOps(): ProductOps {
  const create = operation('createProduct');
  return {
    create,
    get: operation('getProduct'),
    update: operation('updateProduct'),
    list: operation('listProducts'),
    remove: operation('deleteProduct'),
    productSchema: create.responses['201']['application/json']!,
  };
}

/** A form field's text as the product answer carries it ('' → null, numbers as numbers). */
function fieldValue(productSchema: Schema, field: string, value: unknown): unknown {
  if (value === '') return null;
  const property = ((productSchema.properties ?? {}) as Record<string, Schema>)[field];
  const types = typesOf(property);
  if (typeof value === 'string' && (types.has('number') || types.has('integer'))) return Number(value);
  return value;
}

/** What a created product must look like: the form's fields, the schema's defaults, null for the rest. */
function expectedFromCreate(ops: ProductOps, form: FormValue): ProductView {
  const properties = (ops.productSchema.properties ?? {}) as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(properties)) {
    if (field === 'id' || IMAGE_FIELDS.includes(field)) continue;
    if (field in form.values && form.values[field] !== '')
      out[field] = fieldValue(ops.productSchema, field, form.values[field]);
    else out[field] = property.default ?? null;
  }
  const image = form.files.productImage;
  const installation = form.files.installationImages;
  return {
    ...out,
    hasImage: Array.isArray(image) && image.length > 0,
    installationImages: Array.isArray(installation) ? installation.length : 0,
  };
}

/** PATCH semantics: left out → unchanged, sent empty → null (or no images), sent → replaced. */
function expectedAfterUpdate(ops: ProductOps, current: ProductView, form: FormValue): ProductView {
  const next: ProductView = { ...current };
  for (const [field, value] of Object.entries(form.values)) next[field] = fieldValue(ops.productSchema, field, value);
  const image = form.files.productImage;
  if (image === 'empty') next.hasImage = false;
  else if (image) next.hasImage = true;
  const installation = form.files.installationImages;
  if (installation === 'empty') next.installationImages = 0;
  else if (installation) next.installationImages = installation.length;
  return next;
}

// The contract's business rule (its 400 example): the ending price is not below the starting price.
const pricesRefused = (product: ProductView) => Number(product.endingPrice) < Number(product.startingPrice);

/** The index-th item, wrapping; a negative index counts from the end (-1: the newest). */
const pick = <T>(items: T[], index: number) => (index < 0 ? items[items.length + index] : items[index % items.length]);

class CreateProduct implements fc.AsyncCommand<ProductModel, Harness> {
  constructor(
    readonly ops: ProductOps,
    readonly form: FormValue,
  ) {}
  check = () => true;
  async run(model: ProductModel, h: Harness) {
    tally(this.constructor.name);
    const expected = expectedFromCreate(this.ops, this.form);
    const created = await call(h, this.ops.create, {}, { kind: 'form', parts: this.form.parts });
    if (pricesRefused(expected)) return expectStatus(created, 400, 'the ending price is below the starting price');
    expectStatus(created, 201, 'a valid product form');
    const product = json(created.answer) as Record<string, unknown>;
    expectEqual(created, view(this.ops, product), expected, 'the created product is not the form sent');
    model.live.set(product.id as number, expected);
  }
  toString = () => `create(${JSON.stringify(this.form.values)}, files ${JSON.stringify(Object.keys(this.form.files))})`;
}

class GetProduct implements fc.AsyncCommand<ProductModel, Harness> {
  constructor(
    readonly ops: ProductOps,
    readonly index: number,
  ) {}
  check = (model: Readonly<ProductModel>) => model.live.size > 0;
  async run(model: ProductModel, h: Harness) {
    tally(this.constructor.name);
    const id = pick([...model.live.keys()], this.index);
    const got = await call(h, this.ops.get, { id: String(id) });
    expectStatus(got, 200, 'the product exists');
    expectEqual(
      got,
      view(this.ops, json(got.answer) as Record<string, unknown>),
      model.live.get(id),
      `GET product ${id} is not what was saved`,
    );
  }
  toString = () => `get(#${this.index})`;
}

class UpdateProduct implements fc.AsyncCommand<ProductModel, Harness> {
  constructor(
    readonly ops: ProductOps,
    readonly index: number,
    readonly form: FormValue,
  ) {}
  check = (model: Readonly<ProductModel>) => model.live.size > 0;
  async run(model: ProductModel, h: Harness) {
    tally(this.constructor.name);
    const id = pick([...model.live.keys()], this.index);
    const current = model.live.get(id)!;
    const expected = expectedAfterUpdate(this.ops, current, this.form);
    const updated = await call(h, this.ops.update, { id: String(id) }, { kind: 'form', parts: this.form.parts });
    const got = await call(h, this.ops.get, { id: String(id) });
    if (pricesRefused(expected)) {
      expectStatus(updated, 400, 'the ending price would be below the starting price');
      return expectEqual(
        got,
        view(this.ops, json(got.answer) as Record<string, unknown>),
        current,
        `a refused update changed product ${id}`,
      );
    }
    expectStatus(updated, 200, 'a valid update form');
    expectEqual(
      updated,
      view(this.ops, json(updated.answer) as Record<string, unknown>),
      expected,
      `the update's answer for product ${id} is not the edit applied`,
    );
    expectEqual(
      got,
      view(this.ops, json(got.answer) as Record<string, unknown>),
      expected,
      `GET product ${id} after the update is not the edit applied`,
    );
    model.live.set(id, expected);
  }
  toString = () =>
    `update(#${this.index}, ${JSON.stringify(this.form.values)}, files ${JSON.stringify(this.form.files, (_k, v) => (v?.type === 'Buffer' ? 'file' : v))})`;
}

class ListProducts implements fc.AsyncCommand<ProductModel, Harness> {
  constructor(readonly ops: ProductOps) {}
  check = () => true;
  async run(model: ProductModel, h: Harness) {
    tally(this.constructor.name);
    const listed = await call(h, this.ops.list);
    expectStatus(listed, 200, 'the list');
    const products = new Map((json(listed.answer) as Record<string, unknown>[]).map((p) => [p.id as number, p]));
    for (const [id, expected] of model.live) {
      const product = products.get(id);
      if (!product) throw failure(`product ${id} is missing from the list`, [], listed);
      expectEqual(listed, view(this.ops, product), expected, `product ${id} in the list is not what was saved`);
    }
    for (const id of model.deleted)
      if (products.has(id)) throw failure(`deleted product ${id} is still listed`, [], listed);
  }
  toString = () => 'list';
}

class DeleteProduct implements fc.AsyncCommand<ProductModel, Harness> {
  constructor(
    readonly ops: ProductOps,
    readonly index: number,
  ) {}
  check = (model: Readonly<ProductModel>) => model.live.size > 0;
  async run(model: ProductModel, h: Harness) {
    tally(this.constructor.name);
    const id = pick([...model.live.keys()], this.index);
    expectStatus(await call(h, this.ops.remove, { id: String(id) }), 204, 'deleting a product that exists');
    expectStatus(await call(h, this.ops.get, { id: String(id) }), 404, 'a deleted product');
    expectStatus(await call(h, this.ops.remove, { id: String(id) }), 404, 'deleting it again');
    model.live.delete(id);
    model.deleted.push(id);
  }
  toString = () => `delete(#${this.index})`;
}

class TouchDeleted implements fc.AsyncCommand<ProductModel, Harness> {
  constructor(
    readonly ops: ProductOps,
    readonly index: number,
    readonly form: FormValue,
  ) {}
  check = (model: Readonly<ProductModel>) => model.deleted.length > 0;
  async run(model: ProductModel, h: Harness) {
    tally(this.constructor.name);
    const id = String(pick(model.deleted, this.index));
    expectStatus(await call(h, this.ops.get, { id }), 404, 'a deleted product');
    expectStatus(
      await call(h, this.ops.update, { id }, { kind: 'form', parts: this.form.parts }),
      404,
      'updating a deleted product',
    );
    expectStatus(await call(h, this.ops.remove, { id }), 404, 'deleting a deleted product');
  }
  toString = () => `touch deleted(#${this.index})`;
}

export function productCommands(ops: ProductOps) {
  const create = formArbitrary(ops.create);
  const update = formArbitrary(ops.update);
  const index = fc.nat({ max: 50 });
  const createCommand = create.map((form) => new CreateProduct(ops, form));
  const updateCommand = fc.tuple(index, update).map(([i, form]) => new UpdateProduct(ops, i, form));
  // Creates and updates listed more than once: most other commands need a product to act on.
  return fc.commands(
    [
      createCommand,
      createCommand,
      createCommand,
      index.map((i) => new GetProduct(ops, i)),
      updateCommand,
      updateCommand,
      fc.constant(new ListProducts(ops)),
      index.map((i) => new DeleteProduct(ops, i)),
      fc.tuple(index, update).map(([i, form]) => new TouchDeleted(ops, i, form)),
    ],
    { maxCommands: 15 },
  );
}

export const emptyProductModel = (): ProductModel => ({ live: new Map(), deleted: [] });

/** The form with its prices swapped if the ending one was lower. */
function orderedPrices(form: FormValue): FormValue {
  const { startingPrice, endingPrice } = form.values;
  if (
    typeof startingPrice !== 'string' ||
    typeof endingPrice !== 'string' ||
    Number(endingPrice) >= Number(startingPrice)
  )
    return form;
  const swap = (name: string) =>
    name === 'startingPrice' ? 'endingPrice' : name === 'endingPrice' ? 'startingPrice' : name;
  return {
    ...form,
    values: { ...form.values, startingPrice: endingPrice, endingPrice: startingPrice },
    parts: form.parts.map((part) => ({ ...part, name: swap(part.name) })),
  };
}

/**
 * A product run: one to three products first, generated commands, then the
 * chain the contract describes on a product made for it (create → update →
 * list → delete → get 404, update 404, delete again 404 → list), so every run
 * covers the whole life cycle whatever the commands were.
 */
export function productScenario(ops: ProductOps) {
  const create = formArbitrary(ops.create);
  return fc.tuple(
    fc.array(create, { minLength: 1, maxLength: 3 }),
    productCommands(ops),
    create.map(orderedPrices),
    formArbitrary(ops.update),
  );
}

export function productSequence(
  ops: ProductOps,
  [first, commands, last, edit]: [FormValue[], Iterable<fc.AsyncCommand<ProductModel, Harness>>, FormValue, FormValue],
): fc.AsyncCommand<ProductModel, Harness>[] {
  return [
    ...first.map((form) => new CreateProduct(ops, form)),
    ...commands,
    new CreateProduct(ops, last),
    new UpdateProduct(ops, -1, edit),
    new ListProducts(ops),
    new DeleteProduct(ops, -1),
    new TouchDeleted(ops, -1, edit),
    new ListProducts(ops),
  ];
}

// ----------------------------------------------------------- conversations

type ConversationModel = { status: Map<number, string>; messages: Map<number, number> };
type ConversationOps = { get: Operation; setStatus: Operation; send: Operation; messages: Operation };

export function conversationOps(): ConversationOps {
  return {
    get: operation('getConversation'),
    setStatus: operation('updateConversationStatus'),
    send: operation('sendConversationMessage'),
    messages: operation('listConversationMessages'),
  };
}

export async function conversationModel(h: Harness, ops: ConversationOps, ids: number[]): Promise<ConversationModel> {
  const model: ConversationModel = { status: new Map(), messages: new Map() };
  for (const id of ids) {
    const got = await call(h, ops.get, { id: String(id) });
    const conversation = json(got.answer) as { status: string; messageCount: number };
    model.status.set(id, conversation.status);
    model.messages.set(id, conversation.messageCount);
  }
  return model;
}

class SetStatus implements fc.AsyncCommand<ConversationModel, Harness> {
  constructor(
    readonly ops: ConversationOps,
    readonly index: number,
    readonly status: string,
  ) {}
  check = () => true;
  async run(model: ConversationModel, h: Harness) {
    tally(this.constructor.name);
    const id = pick([...model.status.keys()], this.index);
    const changed = await call(
      h,
      this.ops.setStatus,
      { id: String(id) },
      { kind: 'json', value: { status: this.status } },
    );
    expectStatus(changed, 200, 'a valid status');
    expectEqual(
      changed,
      (json(changed.answer) as { status: string }).status,
      this.status,
      `conversation ${id}'s new status`,
    );
    const got = await call(h, this.ops.get, { id: String(id) });
    expectEqual(
      got,
      (json(got.answer) as { status: string }).status,
      this.status,
      `GET conversation ${id} after the status change`,
    );
    model.status.set(id, this.status);
  }
  toString = () => `status(#${this.index}, ${this.status})`;
}

class SendMessage implements fc.AsyncCommand<ConversationModel, Harness> {
  constructor(
    readonly ops: ConversationOps,
    readonly index: number,
    readonly content: string,
  ) {}
  check = () => true;
  async run(model: ConversationModel, h: Harness) {
    tally(this.constructor.name);
    const id = pick([...model.status.keys()], this.index);
    const sent = await call(
      h,
      this.ops.send,
      { id: String(id) },
      { kind: 'json', value: { content: this.content, messageType: 'text' } },
    );
    const count = model.messages.get(id)!;
    if (model.status.get(id) !== 'admin_takeover') {
      expectStatus(sent, 409, `conversation ${id} is ${model.status.get(id)}, not admin_takeover`);
    } else if (unfilledBlanks(this.content).length > 0) {
      expectStatus(sent, 422, 'a reply with a {{blank}} left to fill in');
    } else {
      expectStatus(sent, 201, 'a reply in admin_takeover');
      const message = json(sent.answer) as { sender: string; content: string; messageType: string };
      expectEqual(
        sent,
        [message.sender, message.content, message.messageType],
        ['admin', this.content, 'text'],
        'the sent message',
      );
      const listed = await call(h, this.ops.messages, { id: String(id) });
      const last = (json(listed.answer) as { content: string; sender: string }[]).at(-1);
      expectEqual(
        listed,
        [last?.sender, last?.content],
        ['admin', this.content],
        `the last message of conversation ${id}`,
      );
      model.messages.set(id, count + 1);
    }
    const got = await call(h, this.ops.get, { id: String(id) });
    expectEqual(
      got,
      (json(got.answer) as { messageCount: number }).messageCount,
      model.messages.get(id),
      `conversation ${id}'s message count`,
    );
  }
  toString = () => `send(#${this.index}, ${JSON.stringify(this.content)})`;
}

/** Generated commands, then a reply in admin_takeover (201) and one after release (409) on the first conversation. */
export function conversationScenario(ops: ConversationOps) {
  const statuses = ((ops.setStatus.jsonBody!.properties as Record<string, Schema>).status.enum ?? []) as string[];
  const content = arbitraryFor(
    (ops.send.jsonBody!.properties as Record<string, Schema>).content,
    'message content',
  ) as fc.Arbitrary<string>;
  const index = fc.nat({ max: 50 });
  const commands = fc.commands(
    [
      fc.tuple(index, fc.constantFrom(...statuses)).map(([i, status]) => new SetStatus(ops, i, status)),
      fc.tuple(index, content).map(([i, text]) => new SendMessage(ops, i, text)),
    ],
    { maxCommands: 10 },
  );
  return fc.tuple(commands, content).map(([generated, text]) => ({
    generated,
    tail: [
      new SetStatus(ops, 0, 'admin_takeover'),
      new SendMessage(ops, 0, text),
      new SetStatus(ops, 0, 'bot_active'),
      new SendMessage(ops, 0, text),
    ],
  }));
}

// ----------------------------------------------------------- notifications

type NotificationModel = { read: Map<number, boolean>; conversations: number[] };
type NotificationOps = { list: Operation; unread: Operation; markRead: Operation; markAll: Operation };

export function notificationOps(): NotificationOps {
  return {
    list: operation('listNotifications'),
    unread: operation('listUnreadNotifications'),
    markRead: operation('markNotificationRead'),
    markAll: operation('markAllNotificationsRead'),
  };
}

export async function notificationModel(
  h: Harness,
  ops: NotificationOps,
  conversations: number[],
): Promise<NotificationModel> {
  const listed = await call(h, ops.list);
  const notifications = json(listed.answer) as { id: number; isRead: boolean }[];
  return { read: new Map(notifications.map((n) => [n.id, n.isRead])), conversations };
}

const unreadIds = (model: NotificationModel) =>
  [...model.read]
    .filter(([, read]) => !read)
    .map(([id]) => id)
    .sort((a, b) => a - b);

async function expectUnread(h: Harness, ops: NotificationOps, model: NotificationModel, after: string) {
  const unread = await call(h, ops.unread);
  const ids = (json(unread.answer) as { id: number }[]).map((n) => n.id).sort((a, b) => a - b);
  expectEqual(unread, ids, unreadIds(model), `unread notifications after ${after}`);
}

class HandOff implements fc.AsyncCommand<NotificationModel, Harness> {
  constructor(
    readonly index: number,
    readonly type: NotificationType,
  ) {}
  check = (model: Readonly<NotificationModel>) => model.conversations.length > 0;
  async run(model: NotificationModel, h: Harness) {
    tally(this.constructor.name);
    // The API cannot create notifications: the bot does, through these services (a hand-over,
    // or a deal the customer agreed to, which hands nothing over).
    const conversation = pick(model.conversations, this.index);
    const message = `Customer needs a human (${this.type})`;
    const { inbound, notifications } = h.server.app.services;
    const created =
      this.type === 'deal_accepted'
        ? await notifications.create(conversation, this.type, message)
        : await inbound.handoff(conversation, this.type, message);
    model.read.set(created.id, false);
  }
  toString = () => `handoff(#${this.index}, ${this.type})`;
}

class MarkRead implements fc.AsyncCommand<NotificationModel, Harness> {
  constructor(
    readonly ops: NotificationOps,
    readonly index: number,
  ) {}
  check = (model: Readonly<NotificationModel>) => model.read.size > 0;
  async run(model: NotificationModel, h: Harness) {
    tally(this.constructor.name);
    const id = pick([...model.read.keys()], this.index);
    const before = unreadIds(model).length;
    const marked = await call(h, this.ops.markRead, { id: String(id) });
    expectStatus(marked, 200, `notification ${id} exists`);
    expectEqual(
      marked,
      (json(marked.answer) as { isRead: boolean }).isRead,
      true,
      `notification ${id} after marking it read`,
    );
    const wasUnread = model.read.get(id) === false;
    model.read.set(id, true);
    expectEqual(undefined, unreadIds(model).length, before - (wasUnread ? 1 : 0), 'model bookkeeping');
    await expectUnread(h, this.ops, model, `marking ${id} read (it was ${wasUnread ? 'unread' : 'read'})`);
  }
  toString = () => `markRead(#${this.index})`;
}

class MarkReadMissing implements fc.AsyncCommand<NotificationModel, Harness> {
  constructor(readonly ops: NotificationOps) {}
  check = () => true;
  async run(model: NotificationModel, h: Harness) {
    tally(this.constructor.name);
    const missing = String(Math.max(0, ...model.read.keys()) + 1000);
    expectStatus(await call(h, this.ops.markRead, { id: missing }), 404, 'no notification has that id');
    await expectUnread(h, this.ops, model, 'marking a missing notification read');
  }
  toString = () => 'markRead(missing)';
}

class MarkAll implements fc.AsyncCommand<NotificationModel, Harness> {
  constructor(readonly ops: NotificationOps) {}
  check = () => true;
  async run(model: NotificationModel, h: Harness) {
    tally(this.constructor.name);
    const expected = unreadIds(model).length;
    const marked = await call(h, this.ops.markAll);
    expectStatus(marked, 200, 'mark all read');
    expectEqual(
      marked,
      (json(marked.answer) as { updated: number }).updated,
      expected,
      'the count mark-all-read reports',
    );
    for (const id of model.read.keys()) model.read.set(id, true);
    await expectUnread(h, this.ops, model, 'marking all read');
  }
  toString = () => 'markAllRead';
}

/** Generated commands, then a new notification marked read (the unread count drops by one) and mark all. */
export function notificationScenario(ops: NotificationOps, types: NotificationType[]) {
  const index = fc.nat({ max: 200 });
  const commands = fc.commands(
    [
      fc.tuple(index, fc.constantFrom(...types)).map(([i, type]) => new HandOff(i, type)),
      index.map((i) => new MarkRead(ops, i)),
      fc.constant(new MarkReadMissing(ops)),
      fc.constant(new MarkAll(ops)),
    ],
    { maxCommands: 12 },
  );
  return fc.tuple(commands, index, fc.constantFrom(...types)).map(([generated, i, type]) => ({
    generated,
    tail: [new HandOff(i, type), new MarkRead(ops, -1), new MarkReadMissing(ops), new MarkAll(ops)],
  }));
}
