import type { components } from '../../../src/api/generated/openapi-types';
import { idParam, today, type Handlers, type RouteContext } from '../../routes';
import type { ConversationFilter } from './repository';

export function conversationsRoutes({ services }: RouteContext): Handlers {
  const conversations = services.conversations;
  return {
    listConversations: async (_request, reply) => reply.type('application/json').send(await conversations.listJson()),
    searchConversations: async (request, reply) =>
      reply.type('application/json').send(await conversations.listJson(request.query as ConversationFilter)),
    async exportConversations(request, reply) {
      const csv = await conversations.exportCsv(request.query as ConversationFilter);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conversations-export-${today(services.now())}.csv"`)
        .send(csv);
    },
    getConversation: (request) => conversations.get(idParam(request)),
    updateConversationStatus: (request) =>
      conversations.setStatus(idParam(request), (request.body as components['schemas']['ConversationStatusUpdate']).status),
    listConversationMessages: (request) => conversations.messages(idParam(request)),
    async sendConversationMessage(request, reply) {
      const { content } = request.body as components['schemas']['SendMessageRequest'];
      return reply.code(201).send(await conversations.reply(idParam(request), content));
    },
  };
}
