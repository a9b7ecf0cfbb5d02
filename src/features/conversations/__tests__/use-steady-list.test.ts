import type { Conversation } from '../../../api/generated/model/conversation';
import { changedConversations, decide, type ListView } from '../use-steady-list';

const conversation = (id: number, patch: Partial<Conversation> = {}): Conversation => ({
  id,
  customerName: `Customer ${id}`,
  whatsappPhoneNumber: `+2547000000${id}`,
  status: 'bot_active',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-18T08:00:00.000Z',
  productsMentioned: [],
  ...patch,
});
const view = (all: Conversation[], attention: Conversation[] = [], pages = 1): ListView => ({ all, attention, pages });

describe('live changes on the conversation list', () => {
  const a = conversation(1);
  const b = conversation(2);
  const c = conversation(3);
  const shown = view([a, b], [c]);

  it('counts the conversations that arrive, leave or change, in either part', () => {
    expect(changedConversations(shown, view([a, b], [c]))).toBe(0);
    // A new one on top, and one that changed status (it moved up to the hand-offs).
    const handOff = { ...b, status: 'admin_required' as const };
    expect(changedConversations(shown, view([conversation(4), a], [handOff, c]))).toBe(2);
    // One gone.
    expect(changedConversations(shown, view([a], [c]))).toBe(1);
    // The same ones in another order.
    expect(changedConversations(shown, view([b, a], [c]))).toBe(1);
  });

  it('holds a change while staff are in the list, shows it when idle, and shows what they asked for', () => {
    const changed = view([conversation(4), a, b], [c]);
    expect(decide(shown, changed, false)).toBe('hold');
    expect(decide(shown, changed, true)).toBe('show');
    // An identical answer changes nothing.
    expect(decide(shown, view([a, b], [c]), false)).toBe('same');
    // The next page (more pages loaded) and the first answer show at once.
    expect(decide(shown, view([a, b, conversation(5)], [c], 2), false)).toBe('show');
    expect(decide(view([]), changed, false)).toBe('show');
  });
});
