import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { authRepository } from './repository';
import { signInLimits, type SignInLimitOptions } from './sign-in-limits';

export type SessionUser = { id: number; username: string };
/** A signed-in session: its user, the SHA-256 of its token (as stored) and when it ends. */
export type SessionInfo = { user: SessionUser; tokenHash: string; expiresAt: Date };

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

// @node-rs/argon2's default algorithm is argon2id; the costs are its
// defaults (19 MiB, 2 passes), OWASP's minimum recommendation.
export const hashPassword = (password: string) => hash(password);

export function authService(db: Kysely<DB>, options: { sessionTtlMs: number; now: () => Date }) {
  const repo = authRepository(db);
  // Verifying against a real hash when the user does not exist keeps the
  // answer time the same, so response times do not reveal usernames.
  let decoy: Promise<string> | undefined;

  async function sessionForToken(token: string | undefined): Promise<SessionInfo | undefined> {
    if (!token || token.length > 200) return undefined;
    const hash = tokenHash(token);
    const row = await repo.sessionUser(hash, options.now());
    return row && { user: { id: row.id, username: row.username }, tokenHash: hash, expiresAt: row.expires_at };
  }

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

    async login(
      username: string,
      password: string,
    ): Promise<{ user: SessionUser; token: string; expiresAt: Date } | undefined> {
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

    sessionForToken,

    async userForToken(token: string | undefined): Promise<SessionUser | undefined> {
      return (await sessionForToken(token))?.user;
    },

    /** Of these sessions (token hashes), the ones that still exist and have not expired. */
    liveSessions: async (tokenHashes: string[]): Promise<Set<string>> =>
      new Set(await repo.liveSessions(tokenHashes, options.now())),

    logout: (token: string) => repo.deleteSession(tokenHash(token)),

    /** The sign-in limits, on this database and clock. */
    signInLimits: (limits: SignInLimitOptions) => signInLimits(db, options.now, limits),
  };
}
