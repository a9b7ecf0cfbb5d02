// The /ws hub. Every event goes to every signed-in socket. With a PostgreSQL
// server the event travels through NOTIFY first, so the sockets of every
// server instance listening on the channel receive it, this one included.
//
// Each socket belongs to the session that opened it and lives no longer than
// that session: it is closed with SESSION_ENDED (4401 "session ended") on
// logout (here at once; on other instances through NOTIFY when the database
// is a PostgreSQL server), when the session reaches its expiry time, and when
// the periodic check (every SESSION_CHECK_MS, 15 s) no longer finds the
// session in the database (an admin's password reset from the command line,
// or a logout on another instance). Shutdown closes with 1001.
import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/connection';
import type { EventBus, RealtimeEvent } from './events';

const CHANNEL = 'dashboard_events';
/** NOTIFY channel of ended sessions: {"tokenHash": …} or {"username": …} (all of that user's sessions). */
const SESSIONS_CHANNEL = 'dashboard_sessions_ended';

/** The close of a socket whose session has ended; the dashboard treats it as signed out. */
export const SESSION_ENDED = { code: 4401, reason: 'session ended' } as const;
/** How often every open socket's session is looked up in the database. */
export const SESSION_CHECK_MS = 15_000;
/** setTimeout's longest delay; a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

export type SocketSession = { tokenHash: string; username: string; expiresAt: Date };

export type SessionWatch = {
  now: () => Date;
  /** Of these token hashes, those whose session still exists and has not expired. */
  live: (tokenHashes: string[]) => Promise<Set<string>>;
  intervalMs?: number;
};

type Ended = { tokenHash: string } | { username: string };

export type RealtimeHub = EventBus & {
  start(): Promise<void>;
  add(socket: WebSocket, session?: SocketSession): void;
  readonly size: number;
  /** Looks every socket's session up, now and then every intervalMs. */
  watchSessions(watch: SessionWatch): void;
  /** Closes the sockets whose session has ended or expired (what the periodic check runs). */
  checkSessions(): Promise<void>;
  /** Closes the sockets of this session, on every instance. */
  endSession(tokenHash: string): void;
  closeAll(): void;
};

/**
 * Tells every server instance on this PostgreSQL server that a user's
 * sessions have ended (the admin command, a separate process). Without it
 * their sockets still close within SESSION_CHECK_MS.
 */
export async function announceSessionsEnded(database: Database, username: string): Promise<void> {
  if (database.kind !== 'postgres') return;
  await sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ username } satisfies Ended)})`.execute(
    database.db,
  );
}

export function realtimeHub(database: Database, log: (error: unknown) => void = () => {}): RealtimeHub {
  const sockets = new Map<WebSocket, { session?: SocketSession; timer?: ReturnType<typeof setTimeout> }>();
  let watch: SessionWatch | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;

  const deliver = (text: string) => {
    for (const socket of sockets.keys()) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  const end = (socket: WebSocket) => {
    const entry = sockets.get(socket);
    if (!entry) return;
    clearTimeout(entry.timer);
    // Off the list at once: nothing more is delivered while the close handshake runs.
    sockets.delete(socket);
    socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
  };
  const endMatching = (ended: Ended) => {
    for (const [socket, { session }] of sockets) {
      if (!session) continue;
      if ('tokenHash' in ended ? session.tokenHash === ended.tokenHash : session.username === ended.username)
        end(socket);
    }
  };
  const onEndedNotice = (payload: string) => {
    try {
      const ended = JSON.parse(payload) as Ended;
      if (typeof ended === 'object' && ended !== null && ('tokenHash' in ended || 'username' in ended))
        endMatching(ended);
    } catch (error) {
      log(error);
    }
  };
  /** Closes the socket when its session's known expiry time comes. */
  const armExpiry = (socket: WebSocket) => {
    const entry = sockets.get(socket);
    if (!entry?.session || !watch) return;
    const left = entry.session.expiresAt.getTime() - watch.now().getTime();
    if (left <= 0) return end(socket);
    entry.timer = setTimeout(() => armExpiry(socket), Math.min(left, MAX_TIMER_MS));
    entry.timer.unref?.();
  };

  let fanOut = false;
  const hub: RealtimeHub = {
    async start() {
      if (!database.listen) return;
      await database.listen(CHANNEL, deliver);
      await database.listen(SESSIONS_CHANNEL, onEndedNotice);
      fanOut = true;
    },
    publish(event: RealtimeEvent) {
      const text = JSON.stringify(event);
      if (!fanOut) return deliver(text);
      sql`select pg_notify(${CHANNEL}, ${text})`.execute(database.db).catch((error) => {
        log(error);
        deliver(text);
      });
    },
    add(socket, session) {
      sockets.set(socket, { session });
      socket.on('close', () => {
        clearTimeout(sockets.get(socket)?.timer);
        sockets.delete(socket);
      });
      // The dashboard sends nothing; anything it does send is ignored.
      socket.on('message', () => {});
      armExpiry(socket);
    },
    get size() {
      return sockets.size;
    },
    watchSessions(next) {
      watch = next;
      clearInterval(interval);
      interval = setInterval(() => void hub.checkSessions(), next.intervalMs ?? SESSION_CHECK_MS);
      interval.unref?.();
      for (const socket of sockets.keys()) armExpiry(socket);
    },
    async checkSessions() {
      if (!watch) return;
      const watched = [...sockets].filter(([, entry]) => entry.session);
      if (watched.length === 0) return;
      const hashes = [...new Set(watched.map(([, entry]) => entry.session!.tokenHash))];
      let live: Set<string>;
      try {
        live = new Set<string>();
        // A bounded IN list per query.
        for (let i = 0; i < hashes.length; i += 500)
          for (const hash of await watch.live(hashes.slice(i, i + 500))) live.add(hash);
      } catch (error) {
        // The database did not answer: keep the sockets, try again next time.
        log(error);
        return;
      }
      for (const [socket, entry] of watched) if (!live.has(entry.session!.tokenHash)) end(socket);
    },
    endSession(tokenHash) {
      endMatching({ tokenHash });
      if (!fanOut) return;
      sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify({ tokenHash } satisfies Ended)})`
        .execute(database.db)
        .catch(log);
    },
    closeAll() {
      clearInterval(interval);
      interval = undefined;
      for (const [socket, entry] of sockets) {
        clearTimeout(entry.timer);
        socket.close(1001, 'server shutting down');
      }
    },
  };
  return hub;
}
