import type { HandlersFor, RouteContext } from '../../app/routes';
import { sendList } from '../../app/paging';

type Operations =
  | 'listConversationQuotes'
  | 'createQuote'
  | 'listQuotes'
  | 'getQuote'
  | 'updateQuote'
  | 'reviseQuote'
  | 'sendQuote'
  | 'cancelQuote'
  | 'acceptQuote'
  | 'getQuotePdf';

export function quotesRoutes({ services }: RouteContext): HandlersFor<Operations> {
  const quotes = services.quotes;
  return {
    listConversationQuotes: (request) => quotes.listForConversation(request.params.id),
    async createQuote(request, reply) {
      const created = await quotes.create(request.params.id, request.body);
      reply.code(201);
      return created;
    },
    listQuotes: (request, reply) => {
      const { status, limit, cursor } = request.query;
      return sendList(reply, quotes.listSource(status), {
        path: '/api/quotes',
        filters: { status },
        limit,
        cursor,
      });
    },
    getQuote: (request) => quotes.get(request.params.quoteId),
    updateQuote: (request) => quotes.update(request.params.quoteId, request.body),
    async reviseQuote(request, reply) {
      const revision = await quotes.revise(request.params.quoteId);
      reply.code(201);
      return revision;
    },
    sendQuote: (request) => quotes.send(request.params.quoteId),
    cancelQuote: (request) => quotes.cancel(request.params.quoteId),
    acceptQuote: (request) => quotes.accept(request.params.quoteId, request.user?.username ?? 'staff'),
    async getQuotePdf(request, reply) {
      const { bytes, filename } = await quotes.pdf(request.params.quoteId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .send(bytes);
    },
  };
}
