import { today, type HandlersFor, type RouteContext } from '../../app/routes';
import { sendCsv, sendList } from '../../app/paging';
import type { ConversationFilter } from './repository';
import { filterOf } from './service';

type Operations =
  | 'listConversations'
  | 'searchConversations'
  | 'exportConversations'
  | 'getConversation'
  | 'updateConversationStatus'
  | 'listConversationMessages'
  | 'sendConversationMessage'
  | 'sendConversationTemplate'
  | 'retryConversationMessage'
  | 'markConversationRead'
  | 'markConversationUnread';

/** The filters as the next page's link carries them (text). */
const linkFilters = (filter: ConversationFilter): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(filter).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
  );

export function conversationsRoutes({ services }: RouteContext): HandlersFor<Operations> {
  const conversations = services.conversations;
  return {
    listConversations: (request, reply) =>
      sendList(reply, conversations.listSource('conversations', {}), { path: '/api/conversations', ...request.query }),
    searchConversations: (request, reply) =>
      sendList(reply, conversations.listSource('search', request.query, request.query.order), {
        path: '/api/conversations/search',
        filters: { ...linkFilters(filterOf(request.query)), order: request.query.order },
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
    async sendConversationTemplate(request, reply) {
      const message = await conversations.sendTemplate(
        request.params.id,
        request.body.templateId,
        request.body.variables,
      );
      reply.code(201);
      return message;
    },
    retryConversationMessage: (request) => conversations.retry(request.params.id, request.params.messageId),
    markConversationRead: (request) => conversations.markRead(request.params.id),
    markConversationUnread: (request) => conversations.markUnread(request.params.id),
  };
}
