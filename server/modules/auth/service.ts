import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { authRepository } from './repository';

export type SessionUser = { id: number; username: string };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

// @node-rs/argon2's default algorithm is argon2id; the costs are its
// defaults (19 MiB, 2 passes), OWASP's minimum recommendation.
export const hashPassword = (password: string) => hash(password);

export function authService(db: Kysely<DB>, options: { sessionTtlMs: number; now: () => Date }) {
  const repo = authRepository(db);
  // Verifying against a real hash when the user does not exist keeps the
  // answer time the same, so response times do not reveal usernames.
  let decoy: Promise<string> | undefined;

  return {
    /** Creates the first admin when the database has no user at all. */
    async ensureFirstAdmin(username: string, password: string): Promise<boolean> {
      if ((await repo.countUsers()) > 0) return false;
      return repo.insertUserIfAbsent(username, await hashPassword(password));
    },

    /** Adds the user, or resets its password and ends its sessions. */
    async setAdmin(username: string, password: string): Promise<'created' | 'reset'> {
      const existing = await repo.findUser(username);
      if (!existing) {
        await repo.insertUser(username, await hashPassword(password));
        return 'created';
      }
      await repo.updatePassword(existing.id, await hashPassword(password));
      await repo.deleteUserSessions(existing.id);
      return 'reset';
    },

    async login(username: string, password: string): Promise<{ user: SessionUser; token: string; expiresAt: Date } | undefined> {
      const user = await repo.findUser(username);
      if (!user) {
        decoy ??= hashPassword(randomBytes(16).toString('hex'));
        await verify(await decoy, password).catch(() => false);
        return undefined;
      }
      if (!(await verify(user.password_hash, password).catch(() => false))) return undefined;
      const now = options.now();
      await repo.deleteExpired(now);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + options.sessionTtlMs);
      await repo.insertSession(tokenHash(token), user.id, expiresAt);
      return { user: { id: user.id, username: user.username }, token, expiresAt };
    },

    async userForToken(token: string | undefined): Promise<SessionUser | undefined> {
      if (!token || token.length > 200) return undefined;
      return repo.sessionUser(tokenHash(token), options.now());
    },

    logout: (token: string) => repo.deleteSession(tokenHash(token)),
  };
}
