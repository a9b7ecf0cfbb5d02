import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Conversation } from '../../../api/generated/model/conversation';
import { ConversationCard } from '../components/conversation-card';

const base: Conversation = {
  id: 109,
  customerName: 'Samuel Kariuki',
  whatsappPhoneNumber: '+254724660182',
  status: 'admin_required',
  lastMessageAt: '2026-11-20T17:26:41.000Z',
  createdAt: '2026-11-18T08:02:19.000Z',
  productsMentioned: [],
};

function renderCard(conversation: Conversation) {
  return render(
    <MemoryRouter>
      <ul>
        <ConversationCard conversation={conversation} />
      </ul>
    </MemoryRouter>,
  );
}

describe('ConversationCard', () => {
  it("shows the last message's first line on one line, whole for screen readers and on hover", () => {
    const text = 'Do you have a black undermount sink with a 1.5 bowl? Mine is 80 cm wide.';
    renderCard({ ...base, lastMessagePreview: text });
    const preview = screen.getByText(/black undermount sink/);
    expect(preview).toHaveTextContent(`Last message text: ${text}`);
    expect(preview).toHaveAttribute('title', text);
    expect(screen.getByRole('link')).toHaveAccessibleName(expect.stringContaining(text));
  });

  it('from a backend without it (or with none) shows as the spec', () => {
    const { container, rerender } = renderCard(base);
    expect(container).not.toHaveTextContent('Last message text');
    rerender(
      <MemoryRouter>
        <ul>
          <ConversationCard conversation={{ ...base, lastMessagePreview: null }} />
        </ul>
      </MemoryRouter>,
    );
    expect(container).not.toHaveTextContent('Last message text');
  });
});
