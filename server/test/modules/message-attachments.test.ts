// What customers send besides text reaches the dashboard's contract
// as Message.attachment: the stored attachment's fields the dashboard shows
// (never WhatsApp's media id, hash or the stored file's name), `url` only once
// the file is stored, a reaction pointed at the message it reacts to. The
// JSON PostgreSQL builds for the list equals the JavaScript mapper's, whole
// and paged, and finds a reaction's message through an index.
import { CompiledQuery, sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessageAttachment } from '../../db/schema';
import { conversationsRepository } from '../../modules/conversations/repository';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { cookie: server.cookie } });
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

let second = 0;
/** Stores a customer's message as the webhook would, `at` a second after the one before. */
async function store(
  conversationId: number,
  content: string,
  attachment: MessageAttachment | null,
  whatsappMessageId: string | null = null,
  sender = 'customer',
) {
  const row = await server.database.db
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      sender,
      content,
      message_type: attachment?.kind ?? 'text',
      timestamp: new Date(Date.UTC(2026, 10, 22, 9, 0, ++second)),
      external_id: whatsappMessageId,
      channel: whatsappMessageId && 'whatsapp',
      attachment: attachment && JSON.stringify(attachment),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const conversation = (phone: string) =>
  server.app.services.inbound.customerMessage(phone, 'Brian Otieno', 'Hello', new Date(Date.UTC(2026, 10, 22, 8)));

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
const outline = (plan: PlanNode, depth = 0): string =>
  [
    `${'  '.repeat(depth)}${plan['Node Type']}${plan['Relation Name'] ? ` on ${plan['Relation Name']}` : ''}${
      plan['Index Name'] ? ` using ${plan['Index Name']}` : ''
    }`,
    ...(plan.Plans ?? []).map((p) => outline(p, depth + 1)),
  ].join('\n');

/** A file name of 300 characters, emoji among them (each one character, two UTF-16 units). */
const LONG_NAME = `${'🪨'.repeat(100)}${'a'.repeat(196)}.pdf`;

describe('message attachments in the contract', () => {
  let id: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    id = await conversation('+254722418390');
    const other = await conversation('+254733902114');
    ids.otherConversation = await store(other, 'Hi', null, 'wamid.OTHER');
    ids.answer = await store(id, 'Absolute Black Granite would suit that kitchen.', null, 'wamid.ANSWER', 'bot');
    ids.photo = await store(
      id,
      'The kitchen top',
      {
        kind: 'image',
        mediaId: '1234567890',
        state: 'ready',
        mimeType: 'image/jpeg',
        sha256: 'a'.repeat(64),
        caption: 'The kitchen top',
        size: 184_320,
        file: '9f8e7d.jpg',
      },
      'wamid.PHOTO',
    );
    ids.pending = await store(id, 'Photo', { kind: 'image', mediaId: '55', state: 'pending', mimeType: 'image/jpeg' });
    ids.expired = await store(id, 'Photo', { kind: 'image', mediaId: '56', state: 'expired' });
    ids.document = await store(id, 'Document', {
      kind: 'document',
      mediaId: '57',
      state: 'ready',
      mimeType: 'application/pdf',
      filename: LONG_NAME,
      size: 245_760,
      file: 'quote.pdf',
    });
    ids.location = await store(id, 'Location: Nakuru Showroom', {
      kind: 'location',
      latitude: -0.3031,
      longitude: 36.08,
      name: 'Nakuru Showroom',
      address: 'Kenyatta Avenue, Nakuru',
    });
    ids.contacts = await store(id, 'Contacts', { kind: 'contacts', names: ['Joyce Wambui', 'Peter Mwangi'] });
    ids.reaction = await store(id, 'Reacted 👍', { kind: 'reaction', emoji: '👍', reactsTo: 'wamid.ANSWER' });
    ids.reactionElsewhere = await store(id, 'Reacted 😂', { kind: 'reaction', emoji: '😂', reactsTo: 'wamid.OTHER' });
    ids.reactionUnknown = await store(id, 'Reacted ❤️', { kind: 'reaction', emoji: '❤️', reactsTo: 'wamid.GONE' });
    ids.reply = await store(id, 'Yes, book delivery', { kind: 'button', title: 'Yes, book delivery' });
    ids.unsupported = await store(id, 'Unsupported message (poll)', { kind: 'unsupported', type: 'poll' });
  });

  it('answer the dashboard what it shows, and nothing of how the file is kept', async () => {
    const answer = await get(`/api/conversations/${id}/messages`);
    expect(answer.statusCode).toBe(200);
    const byId = new Map((answer.json() as { id: number; attachment?: unknown }[]).map((m) => [m.id, m.attachment]));
    expect(byId.get(ids.answer)).toBeUndefined();
    expect(byId.get(ids.photo)).toEqual({
      kind: 'image',
      state: 'ready',
      url: `/api/conversations/${id}/messages/${ids.photo}/attachment`,
      mimeType: 'image/jpeg',
      caption: 'The kitchen top',
      size: 184_320,
    });
    expect(byId.get(ids.pending)).toEqual({ kind: 'image', state: 'pending', mimeType: 'image/jpeg' });
    expect(byId.get(ids.expired)).toEqual({ kind: 'image', state: 'expired' });
    expect(byId.get(ids.document)).toEqual({
      kind: 'document',
      state: 'ready',
      url: `/api/conversations/${id}/messages/${ids.document}/attachment`,
      mimeType: 'application/pdf',
      // Cut to the contract's 255 characters, never inside an emoji.
      filename: `${'🪨'.repeat(100)}${'a'.repeat(155)}`,
      size: 245_760,
    });
    expect(byId.get(ids.location)).toEqual({
      kind: 'location',
      latitude: -0.3031,
      longitude: 36.08,
      name: 'Nakuru Showroom',
      address: 'Kenyatta Avenue, Nakuru',
    });
    expect(byId.get(ids.contacts)).toEqual({ kind: 'contacts', name: 'Joyce Wambui, Peter Mwangi' });
    expect(byId.get(ids.reply)).toEqual({ kind: 'button', title: 'Yes, book delivery' });
    expect(byId.get(ids.unsupported)).toEqual({ kind: 'unsupported' });
  });

  it('point a reaction at the message it reacts to in the same conversation, else null', async () => {
    const byId = new Map(
      ((await get(`/api/conversations/${id}/messages`)).json() as { id: number; attachment?: unknown }[]).map((m) => [
        m.id,
        m.attachment,
      ]),
    );
    expect(byId.get(ids.reaction)).toEqual({ kind: 'reaction', emoji: '👍', reactsToMessageId: ids.answer });
    // WhatsApp's id names a message of another conversation: not this one's.
    expect(byId.get(ids.reactionElsewhere)).toEqual({ kind: 'reaction', emoji: '😂', reactsToMessageId: null });
    expect(byId.get(ids.reactionUnknown)).toEqual({ kind: 'reaction', emoji: '❤️', reactsToMessageId: null });
  });

  it('are built by the database as the mapper builds them, whole and a page at a time', async () => {
    const mapped = await server.app.services.conversations.messages(id);
    expect(mapped.filter((m) => m.attachment)).toHaveLength(11);
    expect((await get(`/api/conversations/${id}/messages`)).json()).toEqual(mapped);
    const pages: unknown[][] = [];
    for (let url: string | undefined = `/api/conversations/${id}/messages?limit=5`; url;) {
      const page = await get(url);
      pages.push(page.json());
      url = /^<([^>]+)>/.exec(String(page.headers.link ?? ''))?.[1];
    }
    // Pages run from the newest back, each oldest first.
    expect(pages.reverse().flat()).toEqual(mapped);
  });

  it('a plain message carries no attachment field, as before', async () => {
    const plain = await store(id, 'Just text', null);
    const list = (await get(`/api/conversations/${id}/messages`)).json() as Record<string, unknown>[];
    expect(Object.keys(list.find((m) => m.id === plain)!).sort()).toEqual([
      'content',
      'id',
      'messageType',
      'sender',
      'timestamp',
    ]);
  });
});

describe("a reaction's message is found through an index", () => {
  it('a page of messages with reactions reads no whole table of messages', async () => {
    const db = server.database.db;
    const chat = await conversation('+254799012356');
    // 2,000 messages with WhatsApp ids, every tenth a reaction to the one before it (analyzed: an
    // equality on a unique index of a table this size is read through it, as on 1,000,000 rows).
    await sql`
      insert into messages (conversation_id, sender, content, message_type, timestamp, channel, external_id, attachment)
      select ${sql.lit(chat)}, 'customer', 'Message ' || g, case when g % 10 = 0 then 'reaction' else 'text' end,
             timestamptz '2026-01-01' + g * interval '1 second', 'whatsapp', 'wamid.bulk.' || g,
             case when g % 10 = 0 then jsonb_build_object('kind', 'reaction', 'emoji', '👍', 'reactsTo', 'wamid.bulk.' || (g - 1)) end
      from generate_series(1, 2000) g
    `.execute(db);
    await sql`analyze messages`.execute(db);
    // The page query as the repository sends it (subqueries pass through transformQuery too;
    // only the statements run reach transformResult).
    const seen = new Map<QueryId, RootOperationNode>();
    const ran: QueryId[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        seen.set(args.queryId, args.node);
        return args.node;
      },
      transformResult: async (args) => {
        ran.push(args.queryId);
        return args.result;
      },
    };
    const rows = await conversationsRepository(db.withPlugin(plugin)).messagesPage(chat, undefined, 50);
    expect(rows).toHaveLength(50);
    const reactions = rows
      .map((row) => JSON.parse(row.json) as { id: number; attachment?: { reactsToMessageId: number | null } })
      .filter((m) => m.attachment);
    expect(reactions).toHaveLength(5);
    for (const m of reactions) expect(m.attachment!.reactsToMessageId).toBe(m.id - 1);

    expect(ran).toHaveLength(1);
    const query = db.getExecutor().compileQuery(seen.get(ran[0])!, ran[0]);
    const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    const raw = result.rows[0]['QUERY PLAN'];
    const plan = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
    const all = nodes(plan);
    expect(
      all.some((node) => node['Index Name'] === 'messages_channel_external_id'),
      outline(plan),
    ).toBe(true);
    expect(
      all.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'messages'),
      outline(plan),
    ).toEqual([]);
  }, 120_000);
});
