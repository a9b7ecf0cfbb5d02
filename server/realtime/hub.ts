// The /ws hub. Every event goes to every signed-in socket. With a PostgreSQL
// server the event travels through NOTIFY first, so the sockets of every
// server instance listening on the channel receive it, this one included.
import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/connection';
import type { EventBus, RealtimeEvent } from './events';

const CHANNEL = 'dashboard_events';

export type RealtimeHub = EventBus & {
  start(): Promise<void>;
  add(socket: WebSocket): void;
  readonly size: number;
  closeAll(): void;
};

export function realtimeHub(database: Database, log: (error: unknown) => void = () => {}): RealtimeHub {
  const sockets = new Set<WebSocket>();
  const deliver = (text: string) => {
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  let fanOut = false;
  return {
    async start() {
      if (!database.listen) return;
      await database.listen(CHANNEL, deliver);
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
    add(socket) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // The dashboard sends nothing; anything it does send is ignored.
      socket.on('message', () => {});
    },
    get size() {
      return sockets.size;
    },
    closeAll() {
      for (const socket of sockets) socket.close(1001, 'server shutting down');
    },
  };
}
