// Quotes in the conversation (beyond the spec): the builder starts from the agreed deal, checks
// what was typed before sending it, keeps it all when the server refuses, and each quote offers
// what its state allows. A backend without quotes shows no panel. In the thread, the message
// that sent a quote shows its card, and the order it became.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '../../../api/generated/model/conversation';
import type { Message } from '../../../api/generated/model/message';
import type { Product } from '../../../api/generated/model/product';
import type { Quote } from '../../../api/generated/model/quote';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { MessagePanel } from '../components/message-panel';
import { QuotesPanel } from '../components/quotes/quotes-panel';

const conversation: Conversation = {
  id: 106,
  customerName: 'Wanjiku Mutua',
  whatsappPhoneNumber: '+254711203344',
  status: 'bot_active',
  lastMessageAt: '2026-11-22T09:02:00.000Z',
  createdAt: '2026-11-21T16:30:00.000Z',
  productsMentioned: ['Carrara White Marble'],
  deal: {
    productId: 3,
    productName: 'Carrara White Marble',
    unitPrice: 13800,
    quantity: 3,
    agreedBy: 'bot',
    agreedAt: '2026-11-22T09:01:30.000Z',
  },
};

const product = (id: number, name: string, startingPrice: number, installation?: number): Product => ({
  id,
  name,
  category: 'marble',
  startingPrice,
  endingPrice: startingPrice - 1000,
  stock: 10,
  isActive: true,
  installationImageUrls: [],
  ...(installation !== undefined && { installationPricePerSlab: installation }),
});
const products = [product(1, 'Tan Brown Granite', 7800), product(3, 'Carrara White Marble', 15000, 2000)];

const quote = (patch: Partial<Quote> = {}): Quote => ({
  id: 42,
  number: 'Q00042',
  revision: 1,
  conversationId: 106,
  customerName: 'Wanjiku Mutua',
  customerPhone: '+254711203344',
  status: 'draft',
  lines: [
    {
      productId: 3,
      description: 'Carrara White Marble',
      quantity: 3,
      unitPrice: 13800,
      installationPerUnit: 0,
      lineTotal: 41400,
    },
  ],
  subtotal: 41400,
  deliveryFee: 0,
  deliveryZoneId: null,
  deliveryTown: null,
  pickup: true,
  discount: 400,
  total: 41000,
  depositPercent: 50,
  deposit: 20500,
  validityDays: 14,
  validUntil: '2026-12-06T09:00:00.000Z',
  note: '',
  createdAt: '2026-11-22T09:05:00.000Z',
  sentAt: null,
  acceptedAt: null,
  pdfUrl: '/api/quotes/42/pdf',
  ...patch,
});

function renderPanel(answers: Parameters<typeof stubApi>[0], shown: Conversation = conversation) {
  const api = stubApi({
    'GET /api/products': () => json(200, products),
    'GET /api/delivery-zones': () => json(404, { message: 'Not found' }),
    ...answers,
  });
  const fetchSpy = vi.fn(api.fetchStub);
  vi.stubGlobal('fetch', fetchSpy);
  renderRoutes([{ path: '/c', element: <QuotesPanel conversation={shown} /> }], '/c');
  const body = (key: string) => {
    const call = fetchSpy.mock.calls.find(
      ([input, init]) =>
        `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://x').pathname}` === key,
    );
    return call ? JSON.parse(String(call[1]?.body)) : undefined;
  };
  return { calls: api.calls, body };
}

afterEach(() => vi.unstubAllGlobals());

describe('the Quotes panel', () => {
  it('is not shown by a backend without quotes', async () => {
    const { calls } = renderPanel({ 'GET /api/conversations/106/quotes': () => json(404, { message: 'Not found' }) });
    await waitFor(() => expect(calls).toContain('GET /api/conversations/106/quotes'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Quotes' })).not.toBeInTheDocument());
    expect(screen.queryByText('Loading quotes...')).not.toBeInTheDocument();
  });

  it('shows each quote with its amounts and the actions its state allows', async () => {
    renderPanel({
      'GET /api/conversations/106/quotes': () =>
        json(200, [quote(), quote({ id: 41, revision: 2, status: 'sent', sentAt: '2026-11-22T09:00:00.000Z' })]),
    });
    const draft = await screen.findByRole('listitem', { name: 'Quote Q00042' });
    expect(draft).toHaveTextContent('Draft');
    expect(draft).toHaveTextContent('Carrara White Marble × 3 · KES 41,400');
    expect(draft).toHaveTextContent('Pickup');
    expect(draft).toHaveTextContent('Total');
    expect(draft).toHaveTextContent('KES 41,000');
    expect(draft).toHaveTextContent('Deposit (50%)KES 20,500');
    expect(within(draft).getByRole('button', { name: 'Send: quote Q00042' })).toBeEnabled();
    expect(within(draft).getByRole('link', { name: /PDF of quote Q00042/ })).toHaveAttribute(
      'href',
      '/api/quotes/42/pdf',
    );
    const sent = screen.getByRole('listitem', { name: 'Quote Q00042 rev 2' });
    expect(within(sent).queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Revise: quote Q00042 rev 2' })).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Mark accepted: quote Q00042 rev 2' })).toBeInTheDocument();
  });

  it('starts a new quote from the deal and sends what staff chose; the server prices it', async () => {
    const user = userEvent.setup();
    const { body } = renderPanel({
      'GET /api/conversations/106/quotes': () => json(200, []),
      'POST /api/conversations/106/quotes': () => json(201, quote()),
    });
    expect(await screen.findByText('No quote yet for the agreed deal.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quote' });
    await waitFor(() => expect(within(dialog).getByLabelText('Product')).toHaveValue('3'));
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue('3');
    expect(within(dialog).getByLabelText('Unit price (KES)')).toHaveValue('13800');
    await user.click(within(dialog).getByLabelText('Installation (KES 2,000 per slab)'));
    await user.selectOptions(within(dialog).getByLabelText('Delivery'), 'pickup');
    await user.type(within(dialog).getByLabelText('Discount (KES)'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Quote saved')).toBeInTheDocument();
    expect(body('POST /api/conversations/106/quotes')).toEqual({
      lines: [{ productId: 3, quantity: 3, unitPrice: 13800, withInstallation: true }],
      pickup: true,
      deliveryZoneId: null,
      discount: 400,
      note: '',
    });
  });

  it('says what is wrong before sending, and keeps everything typed when the server refuses', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({
      'GET /api/conversations/106/quotes': () => json(200, []),
      'POST /api/conversations/106/quotes': () =>
        json(400, { message: 'The discount (KES 90,000.00) is more than the subtotal and delivery (KES 41,400.00)' }),
    });
    await user.click(await screen.findByRole('button', { name: 'New quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quote' });
    const quantity = within(dialog).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.type(within(dialog).getByLabelText('Discount (KES)'), '90000');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(within(dialog).getByText('Quantity must be a whole number from 1 to 1000')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toContain('POST /api/conversations/106/quotes');

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The discount (KES 90,000.00) is more than the subtotal and delivery (KES 41,400.00)',
    );
    expect(within(dialog).getByLabelText('Discount (KES)')).toHaveValue('90000');
    expect(quantity).toHaveValue('3');
  });

  it('sends a draft and says so; a refusal is shown in the server’s words', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const { calls } = renderPanel({
      'GET /api/conversations/106/quotes': () => json(200, [quote()]),
      'POST /api/quotes/42/send': () =>
        refuse
          ? json(409, { message: 'The 24-hour reply window has closed and no approved quote template exists' })
          : json(200, quote({ status: 'sent', sentAt: '2026-11-22T09:06:00.000Z' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Send: quote Q00042' }));
    expect(await screen.findByText('Quote sent')).toBeInTheDocument();
    expect(screen.getByText('Q00042 (KES 41,000) went to the customer.')).toBeInTheDocument();
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Send: quote Q00042' }));
    expect(
      await screen.findByText('The 24-hour reply window has closed and no approved quote template exists'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /api/quotes/42/send')).toHaveLength(2);
  });

  it('asks before recording the customer’s yes', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel({
      'GET /api/conversations/106/quotes': () => json(200, [quote({ status: 'sent' })]),
      'POST /api/quotes/42/accept': () => json(200, quote({ status: 'accepted' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark accepted: quote Q00042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark quote accepted' });
    expect(dialog).toHaveTextContent('The customer accepted quote Q00042 (KES 41,000)? Its order is made.');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(calls).not.toContain('POST /api/quotes/42/accept');
    await user.click(screen.getByRole('button', { name: 'Mark accepted: quote Q00042' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark accepted' }));
    expect(await screen.findByText('Quote accepted')).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /api/quotes/42/accept')).toHaveLength(1);
  });

  it('offers the zones of Settings → Delivery and starts from the town the customer gave', async () => {
    const user = userEvent.setup();
    const { body } = renderPanel(
      {
        'GET /api/conversations/106/quotes': () => json(200, []),
        'GET /api/delivery-zones': () =>
          json(200, {
            zones: [
              { id: 7, name: 'Nakuru', places: [], fee: 9500, leadDays: 3 },
              { id: 8, name: 'Thika', places: ['Makongeni'], fee: 3500, leadDays: 1 },
            ],
            pickup: { enabled: false, location: '', leadDays: 0 },
          }),
        'POST /api/conversations/106/quotes': () => json(201, quote()),
      },
      { ...conversation, deal: { ...conversation.deal!, deliveryTown: 'Nakuru', pickup: false } },
    );
    await user.click(await screen.findByRole('button', { name: 'New quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quote' });
    const delivery = within(dialog).getByLabelText('Delivery');
    expect(delivery).toHaveValue('7');
    // Pickup is off in Settings → Delivery: not offered.
    expect(within(delivery).queryByRole('option', { name: 'Pickup' })).not.toBeInTheDocument();
    expect(within(delivery).getByRole('option', { name: 'Thika (KES 3,500)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Quote saved');
    expect(body('POST /api/conversations/106/quotes')).toMatchObject({ deliveryZoneId: 7, pickup: false });
  });
});

describe('a quote in the thread', () => {
  const sentMessage: Message = {
    id: 1303,
    sender: 'admin',
    content: 'Nukuu Q00042 – jumla KES 41,000.',
    timestamp: '2026-11-22T09:30:00.000Z',
    messageType: 'text',
    quoteId: 42,
  };
  const order = {
    id: 3,
    number: 'SO00003',
    conversationId: 106,
    customerName: 'Wanjiku Mutua',
    customerPhone: '+254711203344',
    status: 'scheduled',
    paymentStatus: 'deposit_paid',
    total: 41000,
    paid: 20500,
    balance: 20500,
    deliveryDate: '2026-11-26',
    deliveryTown: null,
    pickup: true,
    createdAt: '2026-11-22T11:05:00.000Z',
    updatedAt: '2026-11-22T11:05:00.000Z',
    quoteId: 42,
    quoteNumber: 'Q00042',
    lines: quote().lines,
    subtotal: 41400,
    deliveryFee: 0,
    discount: 400,
    deposit: 20500,
    deliveryAddress: '',
    payments: [],
    timeline: [],
  };

  function renderThread(shown: Quote | undefined, answers: Parameters<typeof stubApi>[0] = {}) {
    const api = stubApi(answers);
    vi.stubGlobal('fetch', vi.fn(api.fetchStub));
    const quotes = new Map(shown ? [[shown.id, shown]] : []);
    const messages: Message[] = [
      { id: 1301, sender: 'customer', content: 'Sawa, deal', timestamp: '2026-11-22T09:10:00.000Z' },
      sentMessage,
    ];
    renderRoutes(
      [
        {
          path: '/c',
          element: <MessagePanel messages={messages} quotes={quotes} followNextRef={{ current: false }} />,
        },
      ],
      '/c',
    );
    return api;
  }

  it('shows under the message that sent it, as the quote stands now, with its PDF', () => {
    renderThread(quote({ status: 'sent', sentAt: sentMessage.timestamp }));
    const card = screen.getByRole('group', { name: 'Quote Q00042' });
    expect(card).toHaveTextContent('Sent');
    expect(card).toHaveTextContent('Total KES 41,000 · Deposit KES 20,500 · Valid until');
    expect(within(card).getByRole('link', { name: /Quote Q00042 PDF/ })).toHaveAttribute('href', '/api/quotes/42/pdf');
    // Only the message that sent it carries it.
    expect(screen.getAllByRole('group', { name: /^Quote / })).toHaveLength(1);
    expect(screen.getByText('Sawa, deal').closest('.message')?.querySelector('.thread-card')).toBeNull();
  });

  it('once accepted, shows the order it became with both its states and a link to it', async () => {
    renderThread(quote({ status: 'accepted', orderId: 3 }), { 'GET /api/orders/3': () => json(200, order) });
    const card = screen.getByRole('group', { name: 'Quote Q00042' });
    expect(card).toHaveTextContent('Accepted');
    const link = await within(card).findByRole('link', { name: 'Order SO00003' });
    expect(link).toHaveAttribute('href', '/orders/3');
    expect(card).toHaveTextContent('Scheduled');
    expect(card).toHaveTextContent('Deposit paid');
    expect(card).toHaveTextContent('Balance KES 20,500');
  });

  it('shows the caption alone when the quote is not among the conversation’s', () => {
    const { calls } = renderThread(undefined);
    expect(screen.getByText('Nukuu Q00042 – jumla KES 41,000.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Quote / })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps the quote when its order answers 404', async () => {
    const { calls } = renderThread(quote({ status: 'accepted', orderId: 3 }), {
      'GET /api/orders/3': () => json(404, { message: 'Not found' }),
    });
    await waitFor(() => expect(calls).toContain('GET /api/orders/3'));
    const card = screen.getByRole('group', { name: 'Quote Q00042' });
    expect(card).toHaveTextContent('Accepted');
    expect(within(card).queryByRole('link', { name: /^Order/ })).not.toBeInTheDocument();
  });
});
