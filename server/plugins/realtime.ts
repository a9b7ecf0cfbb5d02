// /ws: the dashboard's live updates (asyncapi.yaml). The session hook has
// already checked the cookie on the upgrade request.
import type { FastifyInstance } from 'fastify';

export async function realtime(app: FastifyInstance) {
  app.get('/ws', { websocket: true }, (socket) => app.hub.add(socket));
}
