// /ws: the dashboard's live updates (asyncapi.yaml). The Origin guard and the
// session hook have already checked the upgrade request (host, Origin,
// cookie); the socket is bound to that session and closed with 4401 when it
// ends (realtime/hub.ts).
import type { FastifyInstance } from 'fastify';
import { SESSION_CHECK_MS } from '../../realtime/hub';

export async function realtime(
  app: FastifyInstance,
  { sessionCheckMs = SESSION_CHECK_MS }: { sessionCheckMs?: number } = {},
) {
  app.hub.watchSessions({
    now: app.services.now,
    live: (hashes) => app.services.auth.liveSessions(hashes),
    intervalMs: sessionCheckMs,
  });
  app.get('/ws', { websocket: true }, (socket, request) => {
    const session = request.authSession;
    app.hub.add(
      socket,
      session && { tokenHash: session.tokenHash, username: session.user.username, expiresAt: session.expiresAt },
    );
  });
}
