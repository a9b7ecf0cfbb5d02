import type { Notification } from '../../../api/generated/model/notification';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPE_VARIANTS,
  countUnread,
  unreadSubtitle,
  withAllRead,
  withRead,
  withoutId,
} from '../notification-display';

const notification = (id: number, isRead: boolean): Notification => ({
  id,
  type: 'delivery_inquiry',
  message: `Message ${id}`,
  isRead,
  createdAt: '2026-11-22T08:00:00.000Z',
  conversationId: 100 + id,
});

describe('notification types', () => {
  it('reads with the type labels', () => {
    expect(NOTIFICATION_TYPE_LABELS).toEqual({
      product_not_found: 'Product Not Found',
      delivery_inquiry: 'Delivery Inquiry',
      payment_inquiry: 'Payment Inquiry',
      unclear_request: 'Unclear Request',
      deal_accepted: 'Deal Accepted',
    });
  });
  it('styles Unclear Request destructive and the others default or secondary', () => {
    expect(NOTIFICATION_TYPE_VARIANTS.unclear_request).toBe('destructive');
    for (const type of ['product_not_found', 'delivery_inquiry', 'payment_inquiry'] as const) {
      expect(['default', 'secondary']).toContain(NOTIFICATION_TYPE_VARIANTS[type]);
    }
    // Beyond the spec: an accepted deal is good news.
    expect(NOTIFICATION_TYPE_VARIANTS.deal_accepted).toBe('success');
  });
});

describe('unreadSubtitle', () => {
  it('counts unread notifications, singular and plural', () => {
    expect(unreadSubtitle(1)).toBe('1 unread notification');
    expect(unreadSubtitle(5)).toBe('5 unread notifications');
  });
  it('says all caught up at zero', () => {
    expect(unreadSubtitle(0)).toBe('All caught up');
  });
});

describe('optimistic edits', () => {
  const list = [notification(1, false), notification(2, false), notification(3, true)];

  it('marks one read and leaves the others and the input untouched', () => {
    const next = withRead(list, 2);
    expect(next.map((n) => n.isRead)).toEqual([false, true, true]);
    expect(countUnread(next)).toBe(1);
    expect(list[1]!.isRead).toBe(false);
    expect(next[0]).toBe(list[0]);
  });
  it('marks all read', () => {
    expect(countUnread(withAllRead(list))).toBe(0);
    expect(withAllRead(list)).toHaveLength(3);
  });
  it('takes the marked one out of the unread list', () => {
    expect(withoutId(list, 1).map((n) => n.id)).toEqual([2, 3]);
    expect(withoutId(list, 99)).toEqual(list);
  });
});
