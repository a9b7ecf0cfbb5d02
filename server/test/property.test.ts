// Property-based check of the reference server against openapi.yaml, read at
// run time: requests are generated from the contract's own schemas.
//   1. Valid requests, for every operation: never a 5xx, every answer
//      conforms to the contract (the test server checks each response and
//      records violations), and its status is one the operation documents.
//   2. Requests broken in exactly one place (a wrong type, an out-of-range
//      number, an over-long string, a missing or unknown field, a NUL byte, a
//      malformed id, a value outside an enum, a body that is not an object,
//      not JSON or not the declared media type, a broken multipart form, no
//      session, a foreign Origin): refused with a documented 4xx carrying an
//      ErrorResponse, and nothing stored changes.
//   3. A method a path does not declare: 405 with Allow.
//   4. Sequences the contract links: the product life cycle, conversation
//      status and admin replies, notifications read, follow-up settings.
// One server for the whole file; a fixed seed by default (see property/config.ts
// for PROPERTY_SEED, PROPERTY_RUNS, PROPERTY_PATH).
// Out of reach here: 414 and 431 (URL or headers too long) are answered by
// Node's HTTP parser, which app.inject() does not go through.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOperations, operation, type Operation } from '../app/openapi/openapi';
import { HANDOFF_TYPES, type NotificationType } from '../realtime/events';
import { startTestServer } from './helpers';
import { negativeProblems, positiveProblems } from './property/checks';
import {
  INPUTLESS_RUNS,
  NEGATIVE_BASES,
  PATH,
  RUNS,
  SEED,
  SEQUENCES,
  parameters,
  shrinkBudget,
} from './property/config';
import { validShape, type Pools } from './property/generators';
import { failure, Harness } from './property/harness';
import {
  commandsRun,
  conversationModel,
  conversationOps,
  conversationScenario,
  emptyProductModel,
  notificationModel,
  notificationOps,
  notificationScenario,
  productOps,
  productScenario,
  productSequence,
} from './property/models';
import { mutationsByKind, type Kind } from './property/mutations';
import { breaches } from './property/oracle';
import { pathOf, visible, type Shape } from './property/requests';
import { arbitraryFor, converterNotes, type Schema } from './property/schema-arbitrary';

const operations = loadOperations();
let h: Harness;
/** Conversations made in the setup: the sequences below work on these. */
let seededConversations: number[] = [];
/** Statuses seen for valid requests, by operation, and refusals checked: printed at the end to show what was covered. */
const statusesSeen = new Map<string, Map<number, number>>();
let refusalsChecked = 0;

const LONG = { timeout: 180_000 };

async function pools(): Promise<Pools> {
  return {
    products: await h.ids('products'),
    conversations: await h.ids('conversations'),
    notifications: await h.ids('notifications'),
  };
}

const hasInput = (op: Operation) => Boolean(op.params || op.querystring || op.jsonBody || op.multipartBody);

/** Products, conversations (some taken over, some handed to a human) and notifications to aim ids at. */
async function seed() {
  const create = operation('createProduct');
  const forms: [string, string][][] = [
    [
      ['name', 'Absolute Black Granite'],
      ['category', 'granite'],
      ['startingPrice', '8500.50'],
      ['endingPrice', '12000'],
      ['color', 'Black'],
      ['stock', '4'],
    ],
    [
      ['name', 'Carrara White Marble'],
      ['category', 'marble'],
      ['startingPrice', '9000'],
      ['endingPrice', '15000'],
      ['installationPricePerSlab', '2500'],
    ],
    [
      ['name', 'Pure White Quartz'],
      ['category', 'quartz'],
      ['startingPrice', '11000'],
      ['endingPrice', '11000'],
      ['isActive', 'false'],
    ],
    [
      ['name', 'Franke Double Bowl Sink'],
      ['category', 'sink'],
      ['startingPrice', '14500'],
      ['endingPrice', '18000'],
      ['material', 'Stainless Steel'],
      ['bowlConfiguration', 'Double Bowl'],
    ],
    [
      ['name', 'Blanco Silgranit Sink'],
      ['category', 'sink'],
      ['startingPrice', '21000.99'],
      ['endingPrice', '25000'],
      ['dimensions', '860 x 500 x 190'],
    ],
    [
      ['name', '<b>Emperador</b> "Dark" Marble 😀'],
      ['category', 'marble'],
      ['startingPrice', '0'],
      ['endingPrice', '0'],
      ['description', ' spaces at both ends '],
    ],
  ];
  const products: { id: number; name: string }[] = [];
  for (const fields of forms) {
    const shape: Shape = {
      params: {},
      query: [],
      body: { kind: 'form', parts: fields.map(([name, value]) => ({ name, value })) },
      cookie: 'session',
      headers: {},
    };
    const exchange = await h.send(await h.wire(create, shape));
    if (exchange.answer.statusCode !== 201) throw failure('setup: creating a product failed', [], exchange);
    products.push(JSON.parse(exchange.answer.body) as { id: number; name: string });
  }
  const { inbound, conversations } = h.server.app.services;
  const types = HANDOFF_TYPES;
  for (let i = 0; i < 8; i++) {
    const id = await inbound.customerMessage(
      `+2547000000${String(i).padStart(2, '0')}`,
      i % 3 === 0 ? null : `Customer ${i}`,
      `Habari, how much is ${products[i % products.length].name}?`,
    );
    await inbound.productInterest(id, products[i % products.length], i % 2 === 0 ? 'view' : 'inquiry');
    await inbound.botMessage(id, 'Karibu! Let me check.');
    seededConversations.push(id);
  }
  for (let i = 0; i < 10; i++)
    await inbound.handoff(seededConversations[i % 5], types[i % types.length], `Customer ${i} needs a human`);
  for (const id of seededConversations.slice(5)) await conversations.setStatus(id, 'admin_takeover');
}

beforeAll(async () => {
  // Sign-in is limited per address and per account. The per-address limit is
  // set out of reach here (and every generated sign-in comes from an address
  // of its own); the per-account limit stays as it is: its 429 is documented,
  // so it can only ever be a valid answer to a valid sign-in.
  const server = await startTestServer({ loginRateLimit: 1_000_000 });
  h = new Harness(server);
  seededConversations = [];
  await seed();
  console.log(
    `property tests: seed ${SEED}, ${RUNS} runs per operation${PATH ? `, replaying path ${PATH}` : ''}` +
      ` (replay: PROPERTY_SEED=${SEED} npx vitest run -c server/test/vitest.config.ts server/test/property.test.ts)`,
  );
}, 120_000);

afterAll(async () => {
  const coverage = [...statusesSeen].map(
    ([id, seen]) =>
      `${id} ${[...seen]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
  );
  console.log(
    `valid requests answered (status×count):\n  ${coverage.join('\n  ')}\nrequests that break the contract checked: ${refusalsChecked}`,
  );
  if (converterNotes.size > 0) console.log(`schema converter notes:\n  ${[...converterNotes].join('\n  ')}`);
  await h?.server.close();
});

describe('valid requests are answered per the contract', () => {
  for (const op of operations) {
    it(`${op.operationId} (${op.method} ${op.path})`, LONG, async () => {
      const property = fc.asyncProperty(
        validShape(op, await pools()),
        shrinkBudget(async (shape: Shape) => {
          const reasons = breaches(op, shape);
          if (reasons.length > 0)
            throw new Error(`the generator made an invalid request (a bug in this test): ${reasons.join('; ')}`);
          const exchange = await h.send(await h.wire(op, shape));
          const seen = statusesSeen.get(op.operationId) ?? new Map<number, number>();
          seen.set(exchange.answer.statusCode, (seen.get(exchange.answer.statusCode) ?? 0) + 1);
          statusesSeen.set(op.operationId, seen);
          const problems = positiveProblems(op, exchange);
          if (problems.length > 0)
            throw failure(`${op.operationId}: a valid request was not answered per the contract`, problems, exchange);
        }),
      );
      await fc.assert(property, parameters(hasInput(op) ? RUNS : INPUTLESS_RUNS));
    });
  }
});

/** What changed between two snapshots, by part. */
function changedParts(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys(a).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/** The GET on the same path, if the contract has one: what a client would read back. */
function readbackOf(op: Operation, shape: Shape): string | undefined {
  if (op.method === 'GET') return undefined;
  const get = operations.find((other) => other.path === op.path && other.method === 'GET');
  return get ? pathOf(get, shape.params) : undefined;
}

async function refusalProblems(
  op: Operation,
  kind: Kind,
  shape: Shape,
  reasons: string[],
  label: string,
): Promise<Error | undefined> {
  const changes = op.method !== 'GET';
  const readback = readbackOf(op, shape);
  // The wire first: it may open a session of its own (sign-out), which is not the request's doing.
  const wire = await h.wire(op, shape);
  const before = changes ? await h.snapshot() : '';
  const readBefore = readback ? await h.get(readback) : undefined;
  const exchange = await h.send(wire);
  const changed: string[] = [];
  if (changes) {
    const parts = changedParts(before, await h.snapshot());
    if (parts.length > 0) changed.push(`the refused request changed what is stored: ${parts.join(', ')}`);
  }
  if (readback && readBefore) {
    const readAfter = await h.get(readback);
    if (readAfter.statusCode !== readBefore.statusCode || readAfter.body !== readBefore.body)
      changed.push(`GET ${readback} answers differently after the refusal`);
  }
  const problems = negativeProblems(op, kind, exchange, changed);
  return problems.length > 0 ? failure(`${op.operationId}, ${label}:`, problems, exchange, reasons) : undefined;
}

describe('requests that break the contract are refused and change nothing', () => {
  for (const op of operations) {
    describe(`${op.operationId} (${op.method} ${op.path})`, () => {
      for (const [kind, mutations] of mutationsByKind(op)) {
        it(kind, LONG, async () => {
          // Each generated valid request gets every mutation of this kind.
          // Once one fails, shrinking only retries the mutations that failed.
          let focus: Set<string> | undefined;
          let checked = 0;
          const property = fc.asyncProperty(
            validShape(op, await pools()),
            shrinkBudget(async (valid: Shape) => {
              const failures: { label: string; error: Error }[] = [];
              for (const mutation of mutations) {
                if (focus && !focus.has(mutation.label)) continue;
                const shape = mutation.apply(valid);
                const reasons = breaches(op, shape);
                // The mutation left this request valid (the schema allows what it wrote): nothing to check.
                if (reasons.length === 0) continue;
                checked++;
                refusalsChecked++;
                const error = await refusalProblems(op, kind, shape, reasons, mutation.label);
                if (error) failures.push({ label: mutation.label, error });
              }
              if (failures.length > 0) {
                focus ??= new Set(failures.map((f) => f.label));
                throw new Error(
                  `${failures.length} of the ${kind} mutations were mishandled:\n${failures.map((f) => f.error.message).join('\n')}`,
                );
              }
            }),
          );
          await fc.assert(property, parameters(NEGATIVE_BASES));
          expect(
            checked,
            `no ${kind} mutation of ${op.operationId} ever broke the contract: the mutations need revisiting`,
          ).toBeGreaterThan(0);
        });
      }
    });
  }
});

describe('methods a path does not declare', () => {
  it('answer 405 with an Allow header naming the declared methods and an ErrorResponse', LONG, async () => {
    const byPath = new Map<string, Operation[]>();
    for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
    const ids = await pools();
    const problems: string[] = [];
    for (const [path, ops] of byPath) {
      const declared = new Set(ops.map((op) => op.method as string));
      if (declared.has('GET')) declared.add('HEAD');
      const params = { id: String(ids[ops[0].path.split('/')[2]]?.[0] ?? 1) };
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE']) {
        if (declared.has(method)) continue;
        const exchange = await h.send({ method, url: pathOf(ops[0], params), headers: { cookie: h.server.cookie } });
        const { answer } = exchange;
        const allow = String(answer.headers.allow ?? '')
          .split(',')
          .map((m) => m.trim().toUpperCase())
          .filter(Boolean);
        const wrong: string[] = [];
        if (answer.statusCode !== 405) wrong.push(`answered ${answer.statusCode}, not 405`);
        if (!isSameSet(allow, [...declared]))
          wrong.push(`Allow is "${answer.headers.allow ?? ''}", not ${[...declared].join(', ')}`);
        let body: { message?: unknown } | undefined;
        try {
          body = JSON.parse(answer.body) as { message?: unknown };
        } catch {
          body = undefined;
        }
        if (typeof body?.message !== 'string') wrong.push('the body is not an ErrorResponse');
        if (wrong.length > 0) problems.push(failure(`${method} ${path}:`, wrong, exchange).message);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

function isSameSet(a: string[], b: string[]) {
  return a.length === b.length && b.every((item) => a.includes(item));
}

/** A JSON value with plain objects (generated records may have no prototype), for comparison. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('sequences the contract links', () => {
  it('product: create → get → update → list → delete → get 404 → delete again 404', LONG, async () => {
    const ops = productOps();
    const property = fc.asyncProperty(
      productScenario(ops),
      shrinkBudget(async (scenario) => {
        await fc.asyncModelRun(() => ({ model: emptyProductModel(), real: h }), productSequence(ops, scenario));
      }),
    );
    await fc.assert(property, parameters(SEQUENCES));
    if (!PATH)
      for (const name of ['CreateProduct', 'UpdateProduct', 'DeleteProduct', 'TouchDeleted'])
        expect(commandsRun.get(name) ?? 0, `${name} never ran`).toBeGreaterThan(0);
  });

  it(
    'follow-up settings: a saved PATCH is what GET answers, and the check runs or reports 409 when disabled',
    LONG,
    async () => {
      const update = operation('updateFollowUpSettings');
      const get = operation('getFollowUpSettings');
      const check = operation('runFollowUpCheck');
      const property = fc.asyncProperty(
        arbitraryFor(update.jsonBody!, 'follow-up settings'),
        shrinkBudget(async (settings) => {
          const sent = plain(settings);
          const saved = await h.send(
            await h.wire(update, {
              params: {},
              query: [],
              body: { kind: 'json', value: sent },
              cookie: 'session',
              headers: {},
            }),
          );
          const savedProblems = positiveProblems(update, saved);
          if (saved.answer.statusCode !== 200) savedProblems.push(`answered ${saved.answer.statusCode}, not 200`);
          else {
            // Compared on the fields sent: one left out (followUpMessageSw) is kept as it was.
            const answer = plain(JSON.parse(saved.answer.body)) as Record<string, unknown>;
            const ordered = Object.fromEntries(Object.keys(sent as object).map((key) => [key, answer[key]]));
            if (JSON.stringify(ordered) !== JSON.stringify(sent))
              savedProblems.push('the answer is not the settings sent');
          }
          if (savedProblems.length > 0) throw failure('saving follow-up settings', savedProblems, saved);
          const read = await h.send(await h.wire(get, { params: {}, query: [], cookie: 'session', headers: {} }));
          const readProblems = positiveProblems(get, read);
          const readBody =
            read.answer.statusCode === 200 ? (JSON.parse(read.answer.body) as Record<string, unknown>) : undefined;
          if (!readBody) readProblems.push(`answered ${read.answer.statusCode}, not 200`);
          else {
            const ordered = Object.fromEntries(Object.keys(sent as object).map((key) => [key, readBody[key]]));
            if (JSON.stringify(ordered) !== JSON.stringify(sent))
              readProblems.push(
                `GET answers ${visible(read.answer.body)} after saving ${visible(JSON.stringify(sent))}`,
              );
          }
          if (readProblems.length > 0) throw failure('reading follow-up settings back', readProblems, read);
          const ran = await h.send(await h.wire(check, { params: {}, query: [], cookie: 'session', headers: {} }));
          const enabled = (sent as { enabled: boolean }).enabled;
          const ranProblems = positiveProblems(check, ran);
          if (ran.answer.statusCode !== (enabled ? 200 : 409))
            ranProblems.push(
              `the check answered ${ran.answer.statusCode} with follow-ups ${enabled ? 'enabled' : 'disabled'}`,
            );
          if (ranProblems.length > 0) throw failure('running the follow-up check', ranProblems, ran);
        }),
      );
      await fc.assert(property, parameters(RUNS));
    },
  );

  it('conversation: status changes are kept, and admin replies are taken only in admin_takeover', LONG, async () => {
    const ops = conversationOps();
    const property = fc.asyncProperty(
      conversationScenario(ops),
      shrinkBudget(async ({ generated, tail }) => {
        const model = await conversationModel(h, ops, seededConversations);
        await fc.asyncModelRun(() => ({ model, real: h }), [...generated, ...tail]);
      }),
    );
    await fc.assert(property, parameters(SEQUENCES));
    if (!PATH)
      for (const name of ['SetStatus', 'SendMessage'])
        expect(commandsRun.get(name) ?? 0, `${name} never ran`).toBeGreaterThan(0);
  });

  it(
    'notifications: marking one read drops the unread count by exactly that one; marking all leaves none',
    LONG,
    async () => {
      const ops = notificationOps();
      const schema = ops.list.responses['200']['application/json'] as Schema & {
        items: { properties: { type: { enum: NotificationType[] } } };
      };
      const property = fc.asyncProperty(
        notificationScenario(ops, schema.items.properties.type.enum),
        shrinkBudget(async ({ generated, tail }) => {
          const model = await notificationModel(h, ops, seededConversations);
          await fc.asyncModelRun(() => ({ model, real: h }), [...generated, ...tail]);
        }),
      );
      await fc.assert(property, parameters(SEQUENCES));
      if (!PATH)
        for (const name of ['HandOff', 'MarkRead', 'MarkAll'])
          expect(commandsRun.get(name) ?? 0, `${name} never ran`).toBeGreaterThan(0);
    },
  );
});
