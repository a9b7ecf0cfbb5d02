import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '../../../api/generated/model/conversation';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { useReadState } from '../use-read-state';

const base: Conversation = {
  id: 101,
  customerName: 'Brian Otieno',
  whatsappPhoneNumber: '+254712345678',
  status: 'bot_active',
  lastMessageAt: '2026-11-26T08:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  messageCount: 12,
  productsMentioned: [],
  currentProductId: null,
  currentOfferPrice: null,
  bargainingRound: 0,
};

/** The hook on a conversation that a button can give a new customer message, as a refetch would. */
function Probe({ initial }: { initial: Conversation }) {
  const [conversation, setConversation] = useState(initial);
  const state = useReadState(conversation);
  const newMessage = () =>
    setConversation((current) => ({
      ...current,
      lastMessageAt: new Date(Date.parse(current.lastMessageAt) + 60_000).toISOString(),
      unreadCount: (current.unreadCount ?? 0) + 1,
    }));
  return (
    <>
      <button type="button" onClick={newMessage}>
        customer writes
      </button>
      {state.supported ? (
        <button type="button" onClick={() => void state.markUnread()}>
          Mark as unread
        </button>
      ) : (
        <p>no read state</p>
      )}
    </>
  );
}

function renderProbe(conversation: Conversation) {
  const { fetchStub, calls } = stubApi({
    'POST /api/conversations/101/read': () => json(200, { ...conversation, unreadCount: 0 }),
    'DELETE /api/conversations/101/read': () => json(200, { ...conversation, unreadCount: 1 }),
  });
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  const utils = renderRoutes([{ path: '/', element: <Probe initial={conversation} /> }], '/');
  return { ...utils, calls };
}

afterEach(() => vi.unstubAllGlobals());

const posts = (calls: string[]) => calls.filter((call) => call === 'POST /api/conversations/101/read').length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('useReadState (opening a conversation reads it)', () => {
  it('reads a conversation with unread messages once, not again on the same messages', async () => {
    const { calls } = renderProbe({ ...base, unreadCount: 3 });
    await waitFor(() => expect(posts(calls)).toBe(1));
    await settle();
    expect(posts(calls)).toBe(1);
  });

  it('reads it again when a new customer message arrives while it is open', async () => {
    const user = userEvent.setup();
    const { calls } = renderProbe({ ...base, unreadCount: 3 });
    await waitFor(() => expect(posts(calls)).toBe(1));
    await user.click(screen.getByRole('button', { name: 'customer writes' }));
    await waitFor(() => expect(posts(calls)).toBe(2));
  });

  it('does not call a backend without read state, and offers no "Mark as unread"', async () => {
    const { calls } = renderProbe(base);
    expect(screen.getByText('no read state')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('does not read what is already read', async () => {
    const { calls } = renderProbe({ ...base, unreadCount: 0 });
    await settle();
    expect(calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
  });

  it('"Mark as unread" sends DELETE, says so, and the conversation is not read again on this visit', async () => {
    const user = userEvent.setup();
    const { calls } = renderProbe({ ...base, unreadCount: 0 });
    await user.click(screen.getByRole('button', { name: 'Mark as unread' }));
    expect(await screen.findByText('It stays unread until someone opens it again.')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE /api/conversations/101/read']);
    await user.click(screen.getByRole('button', { name: 'customer writes' }));
    await settle();
    expect(posts(calls)).toBe(0);
  });
});
