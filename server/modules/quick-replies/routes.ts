import type { HandlersFor, RouteContext } from '../../app/routes';

export function quickRepliesRoutes({
  services,
}: RouteContext): HandlersFor<
  'listQuickReplies' | 'createQuickReply' | 'updateQuickReply' | 'deleteQuickReply' | 'reorderQuickReplies'
> {
  const quickReplies = services.quickReplies;
  return {
    listQuickReplies: () => quickReplies.list(),
    async createQuickReply(request, reply) {
      const created = await quickReplies.create(request.body);
      reply.code(201);
      return created;
    },
    updateQuickReply: (request) => quickReplies.update(request.params.quickReplyId, request.body),
    async deleteQuickReply(request, reply) {
      await quickReplies.remove(request.params.quickReplyId);
      return reply.code(204).send();
    },
    reorderQuickReplies: (request) => quickReplies.reorder(request.body.ids),
  };
}
