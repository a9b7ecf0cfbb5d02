// A hand-off says why and for how long: on the card, by the message box and in Conversation
// Info (openapi.yaml's handoffReason, handoffAt, handoffCustomerText: the contract's
// ConversationHandOff example), and nothing new from a backend without them.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Conversation } from '../../../api/generated/model/conversation';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { ConversationCard } from '../components/conversation-card';
import { ConversationInfo } from '../components/conversation-info';
import { MessageComposer } from '../components/message-composer';
import { longestWaitingFirst } from '../handoff';

const HANDOVER_LINE = 'I am passing you to a member of our team; they will reply here shortly.';
const handedOff: Conversation = {
  id: 102,
  customerName: 'Brian Otieno',
  whatsappPhoneNumber: '+254722418390',
  status: 'admin_required',
  lastMessageAt: '2026-11-22T08:14:09.000Z',
  createdAt: '2026-11-19T10:40:00.000Z',
  productsMentioned: [],
  lastMessagePreview: HANDOVER_LINE,
  lastCustomerMessagePreview: 'Also, do you deliver to Nakuru? How much?',
  handoffReason: 'delivery_inquiry',
  handoffAt: '2026-11-22T08:14:09.000Z',
  handoffCustomerText: 'Also, do you deliver to Nakuru? How much?',
};
/** The same conversation from a backend that does not track hand-offs. */
const { handoffReason: _r, handoffAt: _a, handoffCustomerText: _t, ...withoutHandoff } = handedOff;

// Two hours and a half after the hand-off.
beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:44:09.000Z'), toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCard(conversation: Conversation) {
  return render(
    <MemoryRouter>
      <ul>
        <ConversationCard conversation={conversation} />
      </ul>
    </MemoryRouter>,
  );
}

describe('the card of a conversation waiting for a person', () => {
  it("says why in words with the customer's words quoted, and how long it has waited, instead of the bot's hand-over line", () => {
    renderCard(handedOff);
    const card = screen.getByRole('link');
    expect(within(card).getByText('Asks about delivery')).toBeVisible();
    expect(within(card).getByText('“Also, do you deliver to Nakuru? How much?”')).toBeVisible();
    expect(within(card).getByText('Waiting 2 h')).toBeVisible();
    expect(card).not.toHaveTextContent(HANDOVER_LINE);
    // Screen readers hear what the reason is about.
    expect(card).toHaveTextContent('Needs a person: Asks about delivery');
    expect(card).toHaveAccessibleName(expect.stringContaining('Asks about delivery'));
  });

  it('reads minutes under an hour and days past a day', () => {
    const { unmount } = renderCard({ ...handedOff, handoffAt: '2026-11-22T10:19:09.000Z' });
    expect(screen.getByText('Waiting 25 min')).toBeVisible();
    unmount();
    renderCard({ ...handedOff, handoffAt: '2026-11-19T09:00:00.000Z' });
    expect(screen.getByText('Waiting 3 d')).toBeVisible();
  });

  it('from a backend without hand-offs shows the last message as before, and no waiting time', () => {
    renderCard(withoutHandoff);
    const card = screen.getByRole('link');
    expect(card).toHaveTextContent(`Last message text: ${HANDOVER_LINE}`);
    expect(card).not.toHaveTextContent('Waiting');
    expect(card).not.toHaveTextContent('Asks about delivery');
  });

  it('a conversation staff took over shows its last message, not the hand-off', () => {
    renderCard({ ...handedOff, status: 'admin_takeover', lastMessagePreview: 'Habari Brian, we deliver on Thursday.' });
    const card = screen.getByRole('link');
    expect(card).toHaveTextContent('Habari Brian, we deliver on Thursday.');
    expect(card).not.toHaveTextContent('Waiting');
  });
});

describe('"Needs a person" order', () => {
  it('puts the longest waiting first, and keeps the order given where the backend does not say', () => {
    const at = (id: number, handoffAt?: string) => ({ ...withoutHandoff, id, ...(handoffAt && { handoffAt }) });
    const ids = (list: Conversation[]) => longestWaitingFirst(list).map((c) => c.id);
    expect(ids([at(1, '2026-11-22T08:00:00Z'), at(2, '2026-11-20T08:00:00Z'), at(3, '2026-11-21T08:00:00Z')])).toEqual([
      2, 3, 1,
    ]);
    expect(ids([at(4), at(5), at(6)])).toEqual([4, 5, 6]);
  });
});

describe('Conversation Info', () => {
  it('has a Hand-off row: the reason, the customer’s words, since when and for how long', () => {
    render(<ConversationInfo conversation={{ ...handedOff, currentProductId: null }} />);
    const row = screen.getByText('Hand-off').closest('div')!;
    expect(within(row).getByText('Asks about delivery')).toBeVisible();
    expect(row).toHaveTextContent('Customer wrote: “Also, do you deliver to Nakuru? How much?”');
    expect(row).toHaveTextContent(/Since .+ · Waiting 2 h/);
  });

  it('taken over: still says why and since when, without a waiting time', () => {
    render(<ConversationInfo conversation={{ ...handedOff, status: 'admin_takeover', currentProductId: null }} />);
    const row = screen.getByText('Hand-off').closest('div')!;
    expect(row).toHaveTextContent('Asks about delivery');
    expect(row).toHaveTextContent(/Since /);
    expect(row).not.toHaveTextContent('Waiting');
  });

  it('from a backend without hand-offs has no Hand-off row', () => {
    render(<ConversationInfo conversation={{ ...withoutHandoff, currentProductId: null }} />);
    expect(screen.queryByText('Hand-off')).not.toBeInTheDocument();
  });
});

describe('the note by the message box', () => {
  function renderComposer(conversation: Conversation) {
    const api = stubApi({ 'GET /api/quick-replies': () => json(200, []) });
    vi.stubGlobal('fetch', vi.fn(api.fetchStub));
    renderRoutes(
      [
        {
          path: '/conversations/:id',
          element: <MessageComposer conversationId={102} takeover={false} conversation={conversation} />,
        },
      ],
      '/conversations/102',
    );
  }

  it('waiting for a person: the bot has stopped, a person must answer now, and why', () => {
    renderComposer(handedOff);
    expect(
      screen.getByText(
        'Only Admin Takeover can reply; the bot has stopped and a person must answer now. Reason: Asks about delivery.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/the bot is answering/)).not.toBeInTheDocument();
  });

  it('waiting for a person, from a backend without hand-offs: the same, without the reason', () => {
    renderComposer(withoutHandoff);
    expect(
      screen.getByText('Only Admin Takeover can reply; the bot has stopped and a person must answer now.'),
    ).toBeVisible();
  });

  it('the bot has it: says the bot is answering, as before', () => {
    renderComposer({ ...withoutHandoff, status: 'bot_active' });
    expect(screen.getByText('Only Admin Takeover can reply; the bot is answering this conversation.')).toBeVisible();
  });
});
