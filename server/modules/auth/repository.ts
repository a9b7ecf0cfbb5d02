import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function authRepository(db: Kysely<DB>) {
  return {
    countUsers: async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    findUser: (username: string) =>
      db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),
    insertUser: (username: string, passwordHash: string) =>
      db
        .insertInto('users')
        .values({ username, password_hash: passwordHash })
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow(),
    /** false when the username exists already. */
    insertUserIfAbsent: async (username: string, passwordHash: string) =>
      (
        await db
          .insertInto('users')
          .values({ username, password_hash: passwordHash })
          .onConflict((oc) => oc.column('username').doNothing())
          .executeTakeFirst()
      ).numInsertedOrUpdatedRows === 1n,
    updatePassword: (id: number, passwordHash: string) =>
      db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute(),
    insertSession: (tokenHash: string, userId: number, expiresAt: Date) =>
      db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute(),
    sessionUser: (tokenHash: string, now: Date) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.username', 'sessions.expires_at'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst(),
    /** Those of the given sessions that exist and have not expired. */
    liveSessions: async (tokenHashes: string[], now: Date) =>
      tokenHashes.length === 0
        ? []
        : (
            await db
              .selectFrom('sessions')
              .select('token_hash')
              .where('token_hash', 'in', tokenHashes)
              .where('expires_at', '>', now)
              .execute()
          ).map((row) => row.token_hash),
    deleteSession: (tokenHash: string) => db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute(),
    deleteUserSessions: (userId: number) => db.deleteFrom('sessions').where('user_id', '=', userId).execute(),
    deleteExpired: (now: Date) => db.deleteFrom('sessions').where('expires_at', '<=', now).execute(),
  };
}
