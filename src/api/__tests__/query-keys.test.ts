import { getGetCurrentUserQueryKey } from '../generated/endpoints/auth/auth';
import { getListConversationsQueryKey } from '../generated/endpoints/conversations/conversations';
import { getGetFollowUpSettingsQueryKey } from '../generated/endpoints/follow-ups/follow-ups';
import {
  getListNotificationsQueryKey,
  getListUnreadNotificationsQueryKey,
} from '../generated/endpoints/notifications/notifications';
import { getGetProductQueryKey, getListProductsQueryKey } from '../generated/endpoints/products/products';
import { getGetConversationQueryKey } from '../generated/endpoints/conversations/conversations';
import { queryKeys } from '../query-keys';

const isPrefix = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

describe('query keys the app invalidates', () => {
  it('equal the keys the generated hooks use', () => {
    expect(queryKeys.currentUser).toEqual(getGetCurrentUserQueryKey());
    expect(queryKeys.products).toEqual(getListProductsQueryKey());
    expect(queryKeys.conversations).toEqual(getListConversationsQueryKey());
    expect(queryKeys.notifications).toEqual(getListNotificationsQueryKey());
    expect(queryKeys.followUpSettings).toEqual(getGetFollowUpSettingsQueryKey());
  });

  it('are prefixes of the by-id and unread keys, so one invalidation refreshes the family', () => {
    expect(isPrefix(queryKeys.products, getGetProductQueryKey(7))).toBe(true);
    expect(isPrefix(queryKeys.conversations, getGetConversationQueryKey(7))).toBe(true);
    expect(isPrefix(queryKeys.notifications, getListUnreadNotificationsQueryKey())).toBe(true);
  });
});
