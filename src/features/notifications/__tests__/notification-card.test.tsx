import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Notification } from '../../../api/generated/model/notification';
import { NotificationCard } from '../notification-card';

const base: Notification = {
  id: 7,
  type: 'unclear_request',
  message: 'Customer wrote <b>hello</b> & <img src=x onerror=alert(1)>',
  isRead: false,
  createdAt: '2026-11-22T08:14:05.000Z',
  conversationId: 104,
};

function renderCard(notification: Notification, onMarkRead = vi.fn()) {
  const { container } = render(
    <MemoryRouter>
      <ul>
        <NotificationCard notification={notification} onMarkRead={onMarkRead} />
      </ul>
    </MemoryRouter>,
  );
  return { onMarkRead, container };
}

describe('NotificationCard', () => {
  it('shows the message as text, never as HTML', () => {
    const { container } = renderCard(base);
    expect(screen.getByText(base.message)).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('an unread card has the Unread badge and a named mark-read button that marks it', () => {
    const { onMarkRead } = renderCard(base);
    expect(screen.getByText('Unclear Request')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Unread')).toBeInTheDocument();
    screen.getByRole('button', { name: `Mark as read: Unclear Request, ${base.message}` }).click();
    expect(onMarkRead).toHaveBeenCalledWith(7);
  });

  it('a read card has neither, and both link to the conversation', () => {
    renderCard({ ...base, isRead: true, type: 'payment_inquiry' });
    expect(screen.getByText('Payment Inquiry')).toHaveAttribute('data-variant', 'secondary');
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^View conversation/ })).toHaveAttribute('href', '/conversations/104');
  });

  it('names the customer and quotes their last words on one line, when the server says', () => {
    renderCard({
      ...base,
      message: 'Unclear request from Omondi Were',
      customerName: '  Omondi Were ',
      customerPhone: '+254733902114',
      customerQuote: 'Ile kitu ya jana, bado iko?',
    });
    expect(screen.getByText('Omondi Were')).toHaveTextContent('Customer: Omondi Were');
    expect(screen.queryByText(/\+254733902114/)).not.toBeInTheDocument();
    const quote = screen.getByText(/Ile kitu ya jana/);
    expect(quote).toHaveTextContent('Customer wrote: “Ile kitu ya jana, bado iko?”');
    expect(quote).toHaveAttribute('title', '“Ile kitu ya jana, bado iko?”');
    // The spec's message is unchanged.
    expect(screen.getByText('Unclear request from Omondi Were')).toBeInTheDocument();
  });

  it('names the customer by number without a name, and shows no quote when they had not written', () => {
    const { container } = renderCard({
      ...base,
      customerName: ' ',
      customerPhone: '+254733902114',
      customerQuote: null,
    });
    expect(screen.getByText('+254733902114')).toHaveTextContent('Customer: +254733902114');
    expect(container).not.toHaveTextContent('Customer wrote:');
  });

  it('from a backend without the fields shows as the spec: type, message, time', () => {
    const { container } = renderCard(base);
    expect(container).not.toHaveTextContent('Customer:');
    expect(container).not.toHaveTextContent('Customer wrote:');
  });
});
