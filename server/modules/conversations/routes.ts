import { today, type HandlersFor, type RouteContext } from '../../routes';

type Operations =
  | 'listConversations'
  | 'searchConversations'
  | 'exportConversations'
  | 'getConversation'
  | 'updateConversationStatus'
  | 'listConversationMessages'
  | 'sendConversationMessage';

export function conversationsRoutes({ services }: RouteContext): HandlersFor<Operations> {
  const conversations = services.conversations;
  return {
    listConversations: async (_request, reply) => reply.type('application/json').send(await conversations.listJson()),
    searchConversations: async (request, reply) =>
      reply.type('application/json').send(await conversations.listJson(request.query)),
    async exportConversations(request, reply) {
      const csv = await conversations.exportCsv(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conversations-export-${today(services.now())}.csv"`)
        .send(csv);
    },
    getConversation: (request) => conversations.get(request.params.id),
    updateConversationStatus: (request) => conversations.setStatus(request.params.id, request.body.status),
    listConversationMessages: (request) => conversations.messages(request.params.id),
    async sendConversationMessage(request, reply) {
      const { content } = request.body;
      const message = await conversations.reply(request.params.id, content);
      reply.code(201);
      return message;
    },
  };
}
