import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../api/query-client';
import { ToastProvider } from '../../../lib/toast/toast-provider';
import userEvent from '@testing-library/user-event';
import type { Message } from '../../../api/generated/model/message';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { MessagePanel } from '../components/message-panel';

// The contract's example MessageListDelivery, shortened.
const messages: Message[] = [
  { id: 1201, sender: 'customer', content: 'Hi, do you have black granite?', timestamp: '2026-11-19T10:40:00.000Z' },
  {
    id: 1209,
    sender: 'bot',
    content: 'Hello again from Stone & Sinks.',
    timestamp: '2026-11-21T10:40:04.000Z',
    messageType: 'follow_up',
    deliveryStatus: 'read',
    failureReason: null,
  },
  {
    id: 1211,
    sender: 'admin',
    content: 'Delivery to Nakuru is KES 6,500 for 3 slabs.',
    timestamp: '2026-11-22T08:17:02.000Z',
    deliveryStatus: 'delivered',
  },
  {
    id: 1212,
    sender: 'admin',
    content: 'We can deliver on Thursday.',
    timestamp: '2026-11-22T08:17:30.000Z',
    deliveryStatus: 'sent',
  },
  {
    id: 1213,
    sender: 'admin',
    content: 'Shall I send the M-Pesa details?',
    timestamp: '2026-11-22T08:18:10.000Z',
    deliveryStatus: 'failed',
    failureReason: "WhatsApp could not reach the customer's phone.",
  },
  {
    id: 1214,
    sender: 'admin',
    content: 'Our showroom is open until 6 pm today.',
    timestamp: '2026-11-22T08:19:00.000Z',
    deliveryStatus: 'queued',
  },
];
const retried = { ...messages[4], deliveryStatus: 'queued', failureReason: null };

function renderPanel(list: Message[], answers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi(answers);
  vi.stubGlobal('fetch', vi.fn(api.fetchStub));
  const utils = renderRoutes(
    [{ path: '/conversations/:id', element: <MessagePanel messages={list} followNextRef={{ current: false }} /> }],
    '/conversations/102',
  );
  return { ...utils, calls: api.calls };
}

const bubble = (text: string) => screen.getByText(text).closest<HTMLElement>('.message')!;

afterEach(() => vi.unstubAllGlobals());

describe('delivery state', () => {
  it('each message with a state says it in words; one without shows none', () => {
    renderPanel(messages);
    expect(bubble('Hello again from Stone & Sinks.')).toHaveTextContent('Delivery: Read');
    expect(bubble('Delivery to Nakuru is KES 6,500 for 3 slabs.')).toHaveTextContent('Delivery: Delivered');
    expect(bubble('We can deliver on Thursday.')).toHaveTextContent('Delivery: Sent');
    expect(bubble('Our showroom is open until 6 pm today.')).toHaveTextContent('Delivery: Queued');
    const failed = bubble('Shall I send the M-Pesa details?');
    expect(failed).toHaveTextContent('Delivery: Failed');
    expect(failed).toHaveTextContent("WhatsApp could not reach the customer's phone.");
    expect(within(failed).getByRole('button', { name: 'Retry sending this message' })).toHaveTextContent('Retry');
    // Only the failed one offers Retry.
    expect(screen.getAllByRole('button', { name: 'Retry sending this message' })).toHaveLength(1);

    const customer = bubble('Hi, do you have black granite?');
    expect(customer).not.toHaveTextContent('Delivery');
    expect(customer.querySelector('.message-delivery')).toBeNull();
  });

  it('a failure without a reason says so in plain words', () => {
    renderPanel([{ ...messages[4], failureReason: null }]);
    expect(bubble('Shall I send the M-Pesa details?')).toHaveTextContent('WhatsApp did not deliver this message.');
  });

  it('Retry sends once on a double click, with a spinner while it is on its way', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const { calls } = renderPanel(messages, {
      'POST /api/conversations/102/messages/1213/retry': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const retry = screen.getByRole('button', { name: 'Retry sending this message' });
    await user.dblClick(retry);
    await waitFor(() => expect(retry).toBeDisabled());
    expect(retry.querySelector('.pi-spinner')).not.toBeNull();
    answer(json(200, retried));
    await waitFor(() => expect(retry).toBeEnabled());
    expect(calls).toEqual(['POST /api/conversations/102/messages/1213/retry']);
  });

  it("a refused retry shows the server's message", async () => {
    const user = userEvent.setup();
    renderPanel(messages, {
      'POST /api/conversations/102/messages/1213/retry': () =>
        json(409, { message: 'Only a failed message can be sent again' }),
    });
    await user.click(screen.getByRole('button', { name: 'Retry sending this message' }));
    const toast = (await screen.findByText('Only a failed message can be sent again')).closest('li')!;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry sending this message' })).toBeEnabled();
  });

  it('a message whose state changed arrives as a new object and shows the new state; the others stay as they were', () => {
    const queryClient = createQueryClient();
    const panel = (list: Message[]) => (
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <MessagePanel messages={list} followNextRef={{ current: false }} conversationId={102} />
        </QueryClientProvider>
      </ToastProvider>
    );
    const { rerender } = render(panel(messages));
    const sentTime = bubble('We can deliver on Thursday.').querySelector('time');
    rerender(panel(messages.map((m) => (m.id === 1212 ? { ...m, deliveryStatus: 'read' as const } : m))));
    expect(bubble('We can deliver on Thursday.')).toHaveTextContent('Delivery: Read');
    expect(bubble('We can deliver on Thursday.').querySelector('time')).toBe(sentTime);
    // Outside a route, the conversation comes from the prop.
    expect(screen.getByRole('button', { name: 'Retry sending this message' })).toBeInTheDocument();
  });
});
