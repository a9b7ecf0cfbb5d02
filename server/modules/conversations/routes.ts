import { today, type HandlersFor, type RouteContext } from '../../routes';
import { sendCsv, sendList } from '../../lists/paging';
import { filterOf } from './service';

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
    listConversations: (request, reply) =>
      sendList(reply, conversations.listSource('conversations', {}), { path: '/api/conversations', ...request.query }),
    searchConversations: (request, reply) =>
      sendList(reply, conversations.listSource('search', request.query), {
        path: '/api/conversations/search',
        filters: filterOf(request.query),
        limit: request.query.limit,
        cursor: request.query.cursor,
      }),
    exportConversations(request, reply) {
      const { head, fetch, format } = conversations.csvExport(request.query);
      return sendCsv(reply, `conversations-export-${today(services.now())}.csv`, head, fetch, format);
    },
    getConversation: (request) => conversations.get(request.params.id),
    updateConversationStatus: (request) => conversations.setStatus(request.params.id, request.body.status),
    listConversationMessages: async (request, reply) =>
      sendList(reply, await conversations.messagesSource(request.params.id), {
        path: `/api/conversations/${request.params.id}/messages`,
        ...request.query,
      }),
    async sendConversationMessage(request, reply) {
      const { content } = request.body;
      const message = await conversations.reply(request.params.id, content);
      reply.code(201);
      return message;
    },
  };
}
