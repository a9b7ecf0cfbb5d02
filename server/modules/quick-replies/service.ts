// Staff's saved answers, in the order staff put them. The text is stored as
// written: the dashboard fills its {{placeholders}} from the conversation.
import { sql, type Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../app/errors';

export type QuickReply = components['schemas']['QuickReply'];
export const MAX_QUICK_REPLIES = 200;

const COLUMNS = ['id', 'title', 'content', 'content_sw'] as const;
const toQuickReply = (row: { id: number; title: string; content: string; content_sw: string | null }): QuickReply => ({
  id: row.id,
  title: row.title,
  content: row.content,
  contentSw: row.content_sw,
});
type Input = { title?: string; content?: string; contentSw?: string | null };
/** The columns an input sets; contentSw left out is left as it is. */
const columns = ({ contentSw, ...rest }: Input) => ({
  ...rest,
  ...(contentSw !== undefined && { content_sw: contentSw }),
});

export function quickRepliesService(db: Kysely<DB>) {
  const list = async (): Promise<QuickReply[]> =>
    (await db.selectFrom('quick_replies').select(COLUMNS).orderBy('position').orderBy('id').execute()).map(
      toQuickReply,
    );

  return {
    list,
    async create(input: { title: string; content: string; contentSw?: string | null }): Promise<QuickReply> {
      return db.transaction().execute(async (trx) => {
        // One writer at a time, so two creates cannot both pass the limit or take one position.
        await sql`lock table quick_replies in share row exclusive mode`.execute(trx);
        const { n, last } = await trx
          .selectFrom('quick_replies')
          .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(max(position), 0)::int`.as('last')])
          .executeTakeFirstOrThrow();
        if (n >= MAX_QUICK_REPLIES)
          throw conflict(`You can keep up to ${MAX_QUICK_REPLIES} quick replies: delete one first`);
        return toQuickReply(
          await trx
            .insertInto('quick_replies')
            .values({ ...columns(input), title: input.title, content: input.content, position: last + 1 })
            .returning(COLUMNS)
            .executeTakeFirstOrThrow(),
        );
      });
    },
    async update(id: number, input: Input): Promise<QuickReply> {
      const row = await db
        .updateTable('quick_replies')
        .set(columns(input))
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
      if (!row) throw notFound();
      return toQuickReply(row);
    },
    async remove(id: number): Promise<void> {
      const row = await db.deleteFrom('quick_replies').where('id', '=', id).returning('id').executeTakeFirst();
      if (!row) throw notFound();
    },
    /** `ids` must name every quick reply exactly once; they take positions 1, 2, 3… in that order. */
    async reorder(ids: number[]): Promise<QuickReply[]> {
      await db.transaction().execute(async (trx) => {
        await sql`lock table quick_replies in share row exclusive mode`.execute(trx);
        const existing = (await trx.selectFrom('quick_replies').select('id').execute()).map((r) => r.id);
        const given = new Set(ids);
        if (given.size !== ids.length || ids.length !== existing.length || existing.some((id) => !given.has(id)))
          throw unprocessable('The order must name every quick reply exactly once');
        for (const [index, id] of ids.entries())
          await trx
            .updateTable('quick_replies')
            .set({ position: index + 1 })
            .where('id', '=', id)
            .execute();
      });
      return list();
    },
  };
}
