// A price the customer agreed to (openapi.yaml's Deal, beyond the spec): the card says at what
// price, Conversation Info says what, at how much, who agreed it and when; a backend without
// deals shows neither.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Conversation } from '../../../api/generated/model/conversation';
import { ConversationCard } from '../components/conversation-card';
import { ConversationInfo } from '../components/conversation-info';

const conversation: Conversation = {
  id: 104,
  customerName: 'Wanjiku Mutua',
  whatsappPhoneNumber: '+254711203344',
  status: 'bot_active',
  lastMessageAt: '2026-11-22T09:02:00.000Z',
  createdAt: '2026-11-21T16:30:00.000Z',
  productsMentioned: ['Carrara White Marble'],
  currentProductId: null,
};

describe('Conversation Info: the deal', () => {
  it('shows the product, the unit price, how many, and that the chatbot agreed it', () => {
    render(
      <ConversationInfo
        conversation={{
          ...conversation,
          deal: {
            productId: 3,
            productName: 'Carrara White Marble',
            unitPrice: 13800,
            quantity: 3,
            agreedBy: 'bot',
            agreedAt: '2026-11-22T09:01:30.000Z',
          },
        }}
      />,
    );
    const row = screen.getByText('Deal').closest('div')!;
    expect(row).toHaveTextContent('Carrara White Marble at KES 13,800 × 3');
    expect(row).toHaveTextContent(/Agreed by the chatbot on .*2026/);
  });

  it('says where the deal goes when the customer said: a delivery town, or collection', () => {
    const deal = {
      productId: 3,
      productName: 'Carrara White Marble',
      unitPrice: 13800,
      quantity: 3,
      agreedBy: 'bot' as const,
      agreedAt: '2026-11-22T09:01:30.000Z',
    };
    const { unmount } = render(
      <ConversationInfo conversation={{ ...conversation, deal: { ...deal, deliveryTown: 'Nakuru', pickup: false } }} />,
    );
    expect(screen.getByText('Deal').closest('div')!).toHaveTextContent('Delivery to Nakuru');
    unmount();
    render(
      <ConversationInfo conversation={{ ...conversation, deal: { ...deal, deliveryTown: null, pickup: true } }} />,
    );
    const row = screen.getByText('Deal').closest('div')!;
    expect(row).toHaveTextContent('The customer collects it');
    expect(row).not.toHaveTextContent('Delivery to');
  });

  it('leaves out the quantity the customer has not said, and keeps cents', () => {
    render(
      <ConversationInfo
        conversation={{
          ...conversation,
          deal: {
            productId: null,
            productName: 'Tan Brown Granite',
            unitPrice: 7050.5,
            quantity: null,
            agreedBy: 'staff',
            agreedAt: '2026-11-22T09:01:30.000Z',
          },
        }}
      />,
    );
    const row = screen.getByText('Deal').closest('div')!;
    expect(row).toHaveTextContent(/^DealTan Brown Granite at KES 7,050\.5Agreed by staff on /);
  });

  it('has no Deal row without a deal, or from a backend without deals', () => {
    const { unmount } = render(<ConversationInfo conversation={{ ...conversation, deal: null }} />);
    expect(screen.queryByText('Deal')).not.toBeInTheDocument();
    unmount();
    render(<ConversationInfo conversation={conversation} />);
    expect(screen.queryByText('Deal')).not.toBeInTheDocument();
  });
});

describe('the card of a conversation holding a deal', () => {
  const renderCard = (c: Conversation) =>
    render(
      <MemoryRouter>
        <ul>
          <ConversationCard conversation={c} />
        </ul>
      </MemoryRouter>,
    );

  it('says at what price, beside the status', () => {
    renderCard({
      ...conversation,
      deal: {
        productId: 3,
        productName: 'Carrara White Marble',
        unitPrice: 13800,
        quantity: null,
        agreedBy: 'bot',
        agreedAt: '2026-11-22T09:01:30.000Z',
      },
    });
    expect(screen.getByRole('link')).toHaveTextContent('Deal at KES 13,800');
  });

  it('says nothing of deals without one', () => {
    renderCard(conversation);
    expect(screen.getByRole('link')).not.toHaveTextContent('Deal');
  });
});
