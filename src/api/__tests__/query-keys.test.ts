import { getGetCurrentUserQueryKey } from '../generated/endpoints/auth/auth';
import {
  getListConversationMessagesInfiniteQueryKey,
  getListConversationsInfiniteQueryKey,
  getListConversationsQueryKey,
  getSearchConversationsInfiniteQueryKey,
} from '../generated/endpoints/conversations/conversations';
import { getGetFollowUpSettingsQueryKey } from '../generated/endpoints/follow-ups/follow-ups';
import { getGetBotSettingsQueryKey } from '../generated/endpoints/bot/bot';
import {
  getListNotificationsInfiniteQueryKey,
  getListNotificationsQueryKey,
  getListUnreadNotificationsInfiniteQueryKey,
  getListUnreadNotificationsQueryKey,
} from '../generated/endpoints/notifications/notifications';
import {
  getGetProductQueryKey,
  getListProductsInfiniteQueryKey,
  getListProductsQueryKey,
} from '../generated/endpoints/products/products';
import { getGetSummaryQueryKey } from '../generated/endpoints/summary/summary';
import { getListQuickRepliesQueryKey } from '../generated/endpoints/quick-replies/quick-replies';
import { getListDeliveryZonesQueryKey } from '../generated/endpoints/delivery/delivery';
import { getListMessageTemplatesQueryKey } from '../generated/endpoints/message-templates/message-templates';
import { getGetConversationQueryKey } from '../generated/endpoints/conversations/conversations';
import { getGetBusinessProfileQueryKey } from '../generated/endpoints/business/business';
import {
  getGetQuoteQueryKey,
  getListConversationQuotesQueryKey,
  getListQuotesInfiniteQueryKey,
  getListQuotesQueryKey,
} from '../generated/endpoints/quotes/quotes';
import { queryKeys } from '../query-keys';

const isPrefix = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

describe('query keys the app invalidates', () => {
  it('equal the keys the generated hooks use', () => {
    expect(queryKeys.currentUser).toEqual(getGetCurrentUserQueryKey());
    expect(queryKeys.products).toEqual(getListProductsQueryKey());
    expect(queryKeys.quickReplies).toEqual(getListQuickRepliesQueryKey());
    expect(queryKeys.deliveryZones).toEqual(getListDeliveryZonesQueryKey());
    expect(queryKeys.messageTemplates).toEqual(getListMessageTemplatesQueryKey());
    expect(queryKeys.conversations).toEqual(getListConversationsQueryKey());
    expect(queryKeys.notifications).toEqual(getListNotificationsQueryKey());
    expect(queryKeys.followUpSettings).toEqual(getGetFollowUpSettingsQueryKey());
    expect(queryKeys.botSettings).toEqual(getGetBotSettingsQueryKey());
    expect(queryKeys.summary).toEqual(getGetSummaryQueryKey());
    expect(queryKeys.infiniteProducts).toEqual(getListProductsInfiniteQueryKey());
    expect(queryKeys.infiniteConversations).toEqual(getListConversationsInfiniteQueryKey());
    expect(queryKeys.infiniteNotifications).toEqual(getListNotificationsInfiniteQueryKey());
    expect(queryKeys.quotes).toEqual(getListQuotesQueryKey());
    expect(queryKeys.infiniteQuotes).toEqual(getListQuotesInfiniteQueryKey());
    expect(queryKeys.business).toEqual(getGetBusinessProfileQueryKey());
  });

  it('are prefixes of the by-id and unread keys, so one invalidation refreshes the family', () => {
    expect(isPrefix(queryKeys.products, getGetProductQueryKey(7))).toBe(true);
    expect(isPrefix(queryKeys.conversations, getGetConversationQueryKey(7))).toBe(true);
    expect(isPrefix(queryKeys.notifications, getListUnreadNotificationsQueryKey({ limit: 1 }))).toBe(true);
    expect(isPrefix(queryKeys.quotes, getGetQuoteQueryKey(7))).toBe(true);
    expect(isPrefix(queryKeys.conversations, getListConversationQuotesQueryKey(7))).toBe(true);
  });

  it('reach the paged (infinite) lists, whose keys orval starts differently', () => {
    expect(isPrefix(queryKeys.conversations, getListConversationsInfiniteQueryKey())).toBe(false);
    expect(
      isPrefix(queryKeys.infiniteConversations, getSearchConversationsInfiniteQueryKey({ status: 'bot_active' })),
    ).toBe(true);
    expect(
      isPrefix(queryKeys.infiniteConversations, getListConversationMessagesInfiniteQueryKey(7, { limit: 5 })),
    ).toBe(true);
    expect(isPrefix(queryKeys.infiniteNotifications, getListUnreadNotificationsInfiniteQueryKey())).toBe(true);
  });
});
