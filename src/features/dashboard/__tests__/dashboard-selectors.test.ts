import type { Conversation } from '../../../api/generated/model/conversation';
import type { Product } from '../../../api/generated/model/product';
import {
  attentionCaption,
  countActiveProducts,
  countNeedingAttention,
  pendingConversations,
  recentProducts,
} from '../dashboard-selectors';

const product = (id: number, isActive = true): Product => ({
  id,
  name: `Product ${id}`,
  category: 'granite',
  startingPrice: 1000,
  endingPrice: 2000,
  stock: 0,
  isActive,
  installationImageUrls: [],
});

const conversation = (
  id: number,
  status: Conversation['status'],
  customerName: string | null = `Customer ${id}`,
): Conversation => ({
  id,
  customerName,
  whatsappPhoneNumber: `+2547000000${String(id).padStart(2, '0')}`,
  status,
  lastMessageAt: '2026-11-22T08:00:00.000Z',
  createdAt: '2026-11-21T08:00:00.000Z',
  productsMentioned: [],
});

describe('recentProducts', () => {
  it('keeps the first five in the order given', () => {
    expect(recentProducts([1, 2, 3, 4, 5, 6, 7].map((id) => product(id))).map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps fewer when there are fewer, and none of none', () => {
    expect(recentProducts([product(9), product(3)]).map((p) => p.id)).toEqual([9, 3]);
    expect(recentProducts([])).toEqual([]);
  });
});

describe('pendingConversations', () => {
  it('keeps only admin_required conversations, the first five in order', () => {
    const list = [
      conversation(1, 'bot_active'),
      conversation(2, 'admin_required'),
      conversation(3, 'admin_takeover'),
      conversation(4, 'admin_required'),
      conversation(5, 'admin_required'),
      conversation(6, 'bot_active'),
      conversation(7, 'admin_required'),
      conversation(8, 'admin_required'),
      conversation(9, 'admin_required'),
      conversation(10, 'admin_required'),
    ];
    expect(pendingConversations(list).map((c) => c.id)).toEqual([2, 4, 5, 7, 8]);
  });
  it('is empty when nobody waits for a human', () => {
    expect(pendingConversations([conversation(1, 'bot_active'), conversation(2, 'admin_takeover')])).toEqual([]);
  });
});

describe('counters', () => {
  it('counts active products and conversations needing attention', () => {
    expect(countActiveProducts([product(1), product(2, false), product(3)])).toBe(2);
    expect(
      countNeedingAttention([
        conversation(1, 'admin_required'),
        conversation(2, 'bot_active'),
        conversation(3, 'admin_required'),
      ]),
    ).toBe(2);
  });
  it('words the attention caption for one and for several', () => {
    expect(attentionCaption(1)).toBe('1 needs attention');
    expect(attentionCaption(0)).toBe('0 need attention');
    expect(attentionCaption(7)).toBe('7 need attention');
  });
});
