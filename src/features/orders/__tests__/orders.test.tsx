import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../../api/generated/model/order';
import type { OrderDetail } from '../../../api/generated/model/orderDetail';
import { Sidebar } from '../../../components/layout/sidebar';
import { json, renderRoutes } from '../../../test/render';
import { pagedFetch } from '../../../test/paged-api';
import { OrderDetailPage } from '../order-detail-page';
import { OrdersPage } from '../orders-page';

const order = (n: number, overrides: Partial<Order> = {}): Order => ({
  id: n,
  number: `SO${String(n).padStart(5, '0')}`,
  conversationId: 100 + n,
  customerName: `Customer ${n}`,
  customerPhone: `+25472200000${n % 10}`,
  status: 'confirmed',
  paymentStatus: 'unpaid',
  total: 96500,
  paid: 0,
  balance: 96500,
  deliveryDate: null,
  deliveryTown: null,
  pickup: false,
  createdAt: '2026-11-20T09:15:00.000Z',
  updatedAt: '2026-11-20T09:15:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  ...order(3, { status: 'scheduled', paymentStatus: 'deposit_paid', paid: 30000, balance: 66500 }),
  deliveryDate: '2026-11-26',
  deliveryTown: 'Nairobi',
  quoteId: 12,
  quoteNumber: 'Q00012',
  lines: [
    {
      productId: 1,
      description: 'Galaxy Black Granite slab',
      quantity: 3,
      unitPrice: 28000,
      installationPerUnit: 2500,
      lineTotal: 91500,
    },
  ],
  subtotal: 91500,
  deliveryFee: 5000,
  discount: 0,
  deposit: 30000,
  deliveryAddress: 'Plot 14, Kiambu Road',
  payments: [
    {
      id: 7,
      amount: 30000,
      method: 'mpesa',
      reference: 'QK7T2M9XYZ',
      receivedAt: '2026-11-20T10:02:00.000Z',
      recordedBy: 'admin',
    },
  ],
  timeline: [
    { at: '2026-11-20T09:15:00.000Z', by: 'customer', event: 'created', text: 'Order SO00003 made from quote Q00012' },
    { at: '2026-11-20T10:02:00.000Z', by: 'admin', event: 'payment_recorded', text: 'KES 30,000.00 by M-Pesa' },
  ],
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

function renderList(path: string, items: () => Order[], other: Record<string, () => Response> = {}) {
  const api = pagedFetch({ 'GET /api/orders': { items } }, other);
  vi.stubGlobal('fetch', vi.fn(api.fetchStub));
  return { ...renderRoutes([{ path: '/orders', element: <OrdersPage /> }], path), calls: api.calls };
}

/** A fetch stub answering by "METHOD /path" with the request bodies kept. */
function stubCalls(answers: Record<string, (body: unknown) => Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      const answer = answers[key];
      if (!answer) throw new Error(`unexpected request ${key}`);
      return answer(body);
    }),
  );
  return calls;
}

describe('OrdersPage', () => {
  it('lists each order with its number, customer, status tags, total, balance and delivery date', async () => {
    renderList('/orders', () => [
      order(2, {
        status: 'out_for_delivery',
        paymentStatus: 'deposit_paid',
        paid: 30000,
        balance: 66500,
        deliveryDate: '2026-11-26',
      }),
      order(1, { customerName: null, pickup: true }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument();
    const cards = await screen.findAllByRole('link');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(cards[0]).toHaveAttribute('href', '/orders/2');
    expect(first.getByText('SO00002')).toBeInTheDocument();
    expect(first.getByText('Customer 2')).toBeInTheDocument();
    expect(first.getByText('Out for delivery')).toBeInTheDocument();
    expect(first.getByText('Deposit paid')).toBeInTheDocument();
    expect(first.getByText('KES 96,500')).toBeInTheDocument();
    expect(first.getByText('KES 66,500')).toBeInTheDocument();
    expect(
      first.getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 10, 26))),
    ).toBeInTheDocument();
    expect(within(cards[1]).getByText('Unknown Customer')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Pickup')).toBeInTheDocument();
  });

  it('sends the search and the filters as the list call parameters', async () => {
    const user = userEvent.setup();
    const { calls } = renderList('/orders', () => [order(1)]);
    await screen.findByText('SO00001');
    await user.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    await waitFor(() => expect(calls.at(-1)).toBe('GET /api/orders?status=scheduled&limit=100'));
    await user.selectOptions(screen.getByLabelText('Payment'), 'deposit_paid');
    await waitFor(() =>
      expect(calls.at(-1)).toBe('GET /api/orders?status=scheduled&paymentStatus=deposit_paid&limit=100'),
    );
    await user.type(screen.getByRole('searchbox'), '0722 000');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.at(-1)).toBe(
        'GET /api/orders?search=0722+000&status=scheduled&paymentStatus=deposit_paid&limit=100',
      ),
    );
  });

  it('says "No orders yet" when there are none', async () => {
    renderList('/orders', () => []);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('shows a failure with Try again, which asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const calls = stubCalls({
      'GET /api/orders': () =>
        fail ? json(500, { message: 'Something went wrong on our side' }) : json(200, [order(1)]),
    });
    renderRoutes([{ path: '/orders', element: <OrdersPage /> }], '/orders');
    expect(await screen.findByText('Failed to fetch orders')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('SO00001')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});

describe('the sidebar', () => {
  const renderSidebar = () => renderRoutes([{ path: '/', element: <Sidebar collapsed={false} unread={0} /> }], '/');

  it('shows Orders after Conversations when the backend offers orders', async () => {
    stubCalls({ 'GET /api/orders': () => json(200, []) });
    renderSidebar();
    expect(await screen.findByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    const titles = screen.getAllByRole('link').map((link) => link.textContent);
    expect(titles.indexOf('Orders')).toBe(titles.indexOf('Conversations') + 1);
  });

  it('hides Orders when GET /api/orders answers 404, and keeps the rest', async () => {
    const calls = stubCalls({ 'GET /api/orders': () => json(404, { message: 'Not found' }) });
    renderSidebar();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Conversations' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
  });
});

describe('OrderDetailPage', () => {
  const renderOrder = () => renderRoutes([{ path: '/orders/:id', element: <OrderDetailPage /> }], '/orders/3');

  it('shows the lines, totals, payments, balance and timeline', async () => {
    stubCalls({ 'GET /api/orders/3': () => json(200, detail()) });
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Order SO00003' })).toBeInTheDocument();
    expect(screen.getByText('Galaxy Black Granite slab')).toBeInTheDocument();
    expect(screen.getByTestId('order-balance')).toHaveTextContent('KES 66,500');
    expect(screen.getByText('QK7T2M9XYZ', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Order SO00003 made from quote Q00012')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as out for delivery' })).toBeInTheDocument();
  });

  it('checks a payment before sending it', async () => {
    const user = userEvent.setup();
    const calls = stubCalls({ 'GET /api/orders/3': () => json(200, detail()) });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount in KES');
    await user.type(screen.getByLabelText('Amount (KES)'), '70000');
    await user.type(screen.getByLabelText('Reference'), 'QX1');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The payment is more than the balance of KES 66,500');
    await user.clear(screen.getByLabelText('Amount (KES)'));
    await user.type(screen.getByLabelText('Amount (KES)'), '100.555');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at most 2 decimals');
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it("shows the server's 409 and keeps the typed values", async () => {
    const user = userEvent.setup();
    const calls = stubCalls({
      'GET /api/orders/3': () => json(200, detail()),
      'POST /api/orders/3/payments': () => json(409, { message: 'Payment M-Pesa QK7T2M9XYZ is already recorded' }),
    });
    renderOrder();
    await user.type(await screen.findByLabelText('Amount (KES)'), '5000');
    await user.type(screen.getByLabelText('Reference'), 'QK7T2M9XYZ');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment M-Pesa QK7T2M9XYZ is already recorded')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (KES)')).toHaveValue('5000');
    expect(screen.getByLabelText('Reference')).toHaveValue('QK7T2M9XYZ');
    expect(calls.find((c) => c.key === 'POST /api/orders/3/payments')?.body).toEqual({
      amount: 5000,
      method: 'mpesa',
      reference: 'QK7T2M9XYZ',
    });
  });

  it('moves the order to its next step, telling the customer as chosen', async () => {
    const user = userEvent.setup();
    let current = detail();
    const calls = stubCalls({
      'GET /api/orders/3': () => json(200, current),
      'POST /api/orders/3/status': (body) => {
        current = detail({ status: (body as { status: OrderDetail['status'] }).status });
        return json(200, current);
      },
    });
    renderOrder();
    await user.click(await screen.findByLabelText('Tell the customer'));
    await user.click(screen.getByRole('button', { name: 'Mark as out for delivery' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/orders/3/status')?.body).toEqual({
        status: 'out_for_delivery',
        tellCustomer: false,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument();
  });

  it('cancels only after the confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubCalls({
      'GET /api/orders/3': () => json(200, detail()),
      'POST /api/orders/3/status': () => json(200, detail({ status: 'cancelled' })),
    });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.key === 'POST /api/orders/3/status')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/orders/3/status')?.body).toEqual({
        status: 'cancelled',
        tellCustomer: true,
      }),
    );
  });
});
