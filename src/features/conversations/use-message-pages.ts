import type { InfiniteData } from '@tanstack/react-query';
import {
  getListConversationMessagesInfiniteQueryKey,
  listConversationMessages,
  useListConversationMessagesInfinite,
} from '../../api/generated/endpoints/conversations/conversations';
import type { Message } from '../../api/generated/model/message';
import { PAGE_SIZES, cursorPaging, nextCursor } from '../../api/paging';

/** Messages per page asked of the server; the panel renders as many per step. */
export const MESSAGE_PAGE_SIZE = PAGE_SIZES.messages;

type MessagePage = Awaited<ReturnType<typeof listConversationMessages>>;
export type MessagePages = InfiniteData<MessagePage, string | undefined>;

const time = (message: Message) => Date.parse(message.timestamp);
/** Whether `a` comes before `b` in a conversation (by time, then id). */
const isBefore = (a: Message, b: Message) => time(a) < time(b) || (time(a) === time(b) && a.id < b.id);

const withoutNext = (headers: Headers) => {
  const copy = new Headers(headers);
  copy.delete('link');
  return copy;
};

/**
 * The newest messages, the first page of the panel. A server that does not page (or a short
 * conversation) answers every message at once. A server that pages runs its pages from the
 * newest message back (openapi.yaml, listConversationMessages); one that pages in the whole
 * list's order instead (oldest first) is still read: the second page tells which. Newest back:
 * the two pages are the first (the second's Link leads further back). Oldest first: the newest
 * are on the last page, so every page is read and the panel has the whole conversation, as from
 * a server that does not page.
 */
async function newestMessages(id: number): Promise<MessagePage> {
  const limit = MESSAGE_PAGE_SIZE;
  const first = await listConversationMessages(id, { limit });
  const cursor = nextCursor(first.headers);
  if (!cursor) return first;
  const second = await listConversationMessages(id, { limit, cursor });
  const [a, b] = [first.data[0], second.data[0]];
  if (a && b && isBefore(b, a)) return { ...second, data: [...second.data, ...first.data] };

  const all = [...first.data, ...second.data];
  const seen = new Set<string>([cursor]);
  let next = nextCursor(second.headers);
  // A cursor seen before would loop for ever: the server's pages end there.
  while (next && !seen.has(next)) {
    seen.add(next);
    const page = await listConversationMessages(id, { limit, cursor: next });
    all.push(...page.data);
    next = nextCursor(page.headers);
  }
  return { ...second, data: all, headers: withoutNext(second.headers) };
}

/**
 * A conversation's messages, newest page first: the first page holds the newest messages and
 * each next page the ones before it (fetched as the reader goes back in time).
 */
export function useMessagePages(id: number) {
  return useListConversationMessagesInfinite(
    id,
    { limit: MESSAGE_PAGE_SIZE },
    {
      query: {
        ...cursorPaging,
        enabled: id > 0,
        // Pages go back in time, each oldest first (how a fresh first page merges: src/lib/realtime/refetch.ts).
        meta: { pageOrder: 'backward' },
        queryKey: getListConversationMessagesInfiniteQueryKey(id, { limit: MESSAGE_PAGE_SIZE }),
        queryFn: ({ pageParam }) =>
          pageParam
            ? listConversationMessages(id, { limit: MESSAGE_PAGE_SIZE, cursor: pageParam })
            : newestMessages(id),
      },
    },
  );
}

/** Every loaded message, oldest first; a message already on a newer page is not repeated. */
export function messagesInOrder(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  if (data.pages.length === 1) return data.pages[0].data;
  const newer = new Set<number>();
  const chunks: Message[][] = [];
  for (const page of data.pages) {
    chunks.push(page.data.filter((message) => !newer.has(message.id)));
    for (const message of page.data) newer.add(message.id);
  }
  return chunks.reverse().flat();
}
