// Limits on sign-in attempts, kept in the database (sign_in_attempts) so that
// every server instance on one database enforces the same numbers.
//
// Per client address (an IPv4 address, or the /64 of an IPv6 one): at most
// `perAddressPerMinute` attempts that do not succeed in a fixed one-minute
// window (LOGIN_RATE_LIMIT, default 10). Past it, 429 with Retry-After until
// the window ends: at most 60 s after the flood from that address stops.
//
// Per account (the username as typed, existing or not, so that a 429 does
// not tell which usernames exist): the first 4 failures cost nothing; the
// 5th makes the next attempt wait 5 s, then 10, 20, 40 and at most 60 s per
// further failure. Failures are forgotten 15 minutes after the last one, and
// a successful sign-in clears them. While an account waits, its attempts get
// 429 with Retry-After and are not checked, so a flood spread over many
// addresses gets about one guess a minute and keeps the real user out for at
// most 60 s once it stops. An address that signed in to the account within
// the last 30 days skips the account's wait (its own address limit still
// applies), so the real user usually gets in even while the flood goes on.
//
// Every attempt is counted as a failure before the password is checked (in
// one transaction, the rows locked), and the count is given back on success:
// simultaneous attempts cannot slip past a limit.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Failures an account may have before it must wait. */
export const ACCOUNT_FREE_FAILURES = 4;
/** The wait after the 5th failure, doubled for each further one... */
export const ACCOUNT_FIRST_WAIT_MS = 5_000;
/** ...up to this. */
export const ACCOUNT_MAX_WAIT_MS = 60_000;
/** An account's failures are forgotten this long after the last one. */
export const ACCOUNT_FORGET_MS = 15 * 60_000;
/** The window of the per-address count. */
export const ADDRESS_WINDOW_MS = 60_000;
/** How long a successful sign-in from an address lets it skip the account's wait. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

export type SignInLimitOptions = { perAddressPerMinute: number };
export type Claim = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The wait an account needs after its n-th failure in a row. */
export function accountWaitMs(failures: number): number {
  if (failures <= ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_WAIT_MS, ACCOUNT_FIRST_WAIT_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES - 1));
}

/** The limit key of a client address: IPv4 as is (also when mapped into IPv6), IPv6 by its /64. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function signInLimits(db: Kysely<DB>, now: () => Date, options: SignInLimitOptions) {
  let lastCleanup = 0;
  const knownKey = (address: string, username: string) => `${address}|${username}`;

  /** Drops rows that no longer limit anything, at most once a minute per process. */
  async function cleanup(at: Date) {
    if (at.getTime() - lastCleanup < 60_000) return;
    lastCleanup = at.getTime();
    const stale = new Date(at.getTime() - Math.max(ACCOUNT_FORGET_MS, ADDRESS_WINDOW_MS, ACCOUNT_MAX_WAIT_MS));
    await db
      .deleteFrom('sign_in_attempts')
      .where((eb) =>
        eb.or([
          eb.and([eb('scope', '!=', 'known'), eb('updated_at', '<', stale)]),
          eb.and([eb('scope', '=', 'known'), eb('updated_at', '<', new Date(at.getTime() - KNOWN_ADDRESS_MS))]),
        ]),
      )
      .execute();
  }

  return {
    /**
     * Counts an attempt as a failure before the password is checked; refused
     * (with the wait) when the address or the account has to wait.
     */
    async claim(username: string, ip: string): Promise<Claim> {
      const at = now();
      const t = at.getTime();
      const address = addressKey(ip);
      await cleanup(at);
      return db.transaction().execute(async (trx) => {
        const row = async (scope: 'address' | 'account', key: string) => {
          await trx
            .insertInto('sign_in_attempts')
            .values({ scope, key, failures: 0, window_start: at, blocked_until: null, updated_at: at })
            .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
            .execute();
          return trx
            .selectFrom('sign_in_attempts')
            .selectAll()
            .where('scope', '=', scope)
            .where('key', '=', key)
            .forUpdate()
            .executeTakeFirstOrThrow();
        };

        // The address first, then the account: always in this order, so two attempts never wait on each other's locks.
        const byAddress = await row('address', address);
        const windowOver = byAddress.window_start.getTime() + ADDRESS_WINDOW_MS <= t;
        const addressFailures = windowOver ? 1 : byAddress.failures + 1;
        const windowStart = windowOver ? at : byAddress.window_start;
        await trx
          .updateTable('sign_in_attempts')
          .set({ failures: addressFailures, window_start: windowStart, updated_at: at })
          .where('scope', '=', 'address')
          .where('key', '=', address)
          .execute();
        if (addressFailures > options.perAddressPerMinute) {
          return { allowed: false, retryAfterMs: windowStart.getTime() + ADDRESS_WINDOW_MS - t };
        }

        const byAccount = await row('account', username);
        const blockedUntil = byAccount.blocked_until?.getTime() ?? 0;
        if (blockedUntil > t) {
          const known = await trx
            .selectFrom('sign_in_attempts')
            .select('updated_at')
            .where('scope', '=', 'known')
            .where('key', '=', knownKey(address, username))
            .executeTakeFirst();
          if (!known || known.updated_at.getTime() + KNOWN_ADDRESS_MS <= t)
            return { allowed: false, retryAfterMs: blockedUntil - t };
        }
        const forgotten = byAccount.updated_at.getTime() + ACCOUNT_FORGET_MS <= t;
        const accountFailures = forgotten ? 1 : byAccount.failures + 1;
        const wait = accountWaitMs(accountFailures);
        await trx
          .updateTable('sign_in_attempts')
          .set({
            failures: accountFailures,
            window_start: forgotten ? at : byAccount.window_start,
            // A known address inside a wait does not shorten it.
            blocked_until: wait > 0 ? new Date(Math.max(blockedUntil, t + wait)) : null,
            updated_at: at,
          })
          .where('scope', '=', 'account')
          .where('key', '=', username)
          .execute();
        return { allowed: true };
      });
    },

    /** The attempt claimed for this address and account succeeded. */
    async succeeded(username: string, ip: string): Promise<void> {
      const at = now();
      const address = addressKey(ip);
      await db.transaction().execute(async (trx) => {
        // The account's failures are cleared; the address gets its attempt back.
        await trx.deleteFrom('sign_in_attempts').where('scope', '=', 'account').where('key', '=', username).execute();
        await trx
          .updateTable('sign_in_attempts')
          .set((eb) => ({ failures: eb.fn('greatest', [eb('failures', '-', 1), eb.lit(0)]) }))
          .where('scope', '=', 'address')
          .where('key', '=', address)
          .execute();
        await trx
          .insertInto('sign_in_attempts')
          .values({ scope: 'known', key: knownKey(address, username), failures: 0, window_start: at, updated_at: at })
          .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ updated_at: at }))
          .execute();
      });
    },
  };
}
