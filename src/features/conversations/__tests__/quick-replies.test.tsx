import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '../../../api/generated/model/conversation';
import type { Product } from '../../../api/generated/model/product';
import type { QuickReply } from '../../../api/generated/model/quickReply';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { MessageComposer } from '../components/message-composer';

// The contract's examples (QuickReplyList, ConversationInboxRead, product 1).
const replies: QuickReply[] = [
  {
    id: 1,
    title: 'Delivery areas',
    content: 'We deliver across Nairobi the next day, and to Nakuru, Mombasa and Kisumu within 3 days.',
  },
  {
    id: 2,
    title: 'Payment terms',
    content: 'We take M-Pesa (Paybill 522522) and bank transfer. A 50% deposit confirms your order.',
  },
  { id: 3, title: 'Price of the product', content: 'Hello {{customerName}}, {{productName}} is {{priceRange}}.' },
  {
    id: 4,
    title: 'Offer',
    content: 'We can do {{offerPrice}} for {{productName}}, {{customerName}}. Shall I book it for you?',
  },
];
const conversation: Conversation = {
  id: 102,
  customerName: 'Brian Otieno',
  whatsappPhoneNumber: '+254722418390',
  status: 'admin_takeover',
  lastMessageAt: '2026-11-22T08:14:05.000Z',
  createdAt: '2026-11-19T10:40:00.000Z',
  productsMentioned: ['Absolute Black Granite'],
  currentProductId: 1,
  currentOfferPrice: 9800,
};
const granite: Product = {
  id: 1,
  name: 'Absolute Black Granite',
  category: 'granite',
  dimensions: '3000 x 1800 x 20',
  startingPrice: 8500,
  endingPrice: 12000,
  stock: 14,
  isActive: true,
  productImageUrl: '/uploads/products/absolute-black-granite.svg',
  installationImageUrls: [],
};
const sink: Product = {
  id: 5,
  name: 'Franke Stainless Steel Double Bowl Sink',
  category: 'sink',
  dimensions: '1160x500x200',
  startingPrice: 18000,
  endingPrice: 24500,
  material: 'Stainless Steel',
  stock: 6,
  isActive: true,
  productImageUrl: null,
  installationImageUrls: [],
};
const sent = {
  id: 1300,
  sender: 'admin',
  content: 'Karibu',
  timestamp: '2026-11-23T06:30:00.000Z',
  messageType: 'text',
};

type Answers = Parameters<typeof stubApi>[0];

function renderComposer(
  answers: Answers = {},
  { takeover = true, conv = conversation }: { takeover?: boolean; conv?: Conversation } = {},
) {
  const api = stubApi({
    'GET /api/quick-replies': () => json(200, replies),
    'GET /api/products/1': () => json(200, granite),
    'GET /api/products': () => json(200, [granite, sink]),
    'POST /api/conversations/102/messages': () => json(201, sent),
    ...answers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchStub));
  renderRoutes(
    [
      {
        path: '/conversations/:id',
        element: <MessageComposer conversationId={102} takeover={takeover} conversation={conv} />,
      },
    ],
    '/conversations/102',
  );
  return { calls: api.calls };
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>('Message', { selector: 'textarea' });
const quickRepliesButton = () => screen.findByRole('button', { name: 'Quick replies' });
const dialog = (name: string) => screen.findByRole('dialog', { name });
const closed = (name: string) => waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());

afterEach(() => vi.unstubAllGlobals());

describe('MessageComposer: quick replies', () => {
  it('"/" in the empty box opens the quick replies without typing it; Escape goes back to the box unchanged', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer();
    const button = await quickRepliesButton();
    expect(button).toHaveAttribute('id', 'quick-replies-button');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    // The product is fetched only once the picker is used.
    expect(calls).not.toContain('GET /api/products/1');

    await user.click(box());
    await user.keyboard('/');
    const picker = await dialog('Quick replies');
    expect(box()).toHaveValue('');
    const search = within(picker).getByRole('textbox', { name: 'Search quick replies' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(within(picker).getAllByRole('button', { name: /^(Delivery areas|Payment terms|Price|Offer)/ })).toHaveLength(
      4,
    );
    await waitFor(() => expect(calls).toContain('GET /api/products/1'));

    await user.keyboard('{Escape}');
    await closed('Quick replies');
    await waitFor(() => expect(box()).toHaveFocus());
    expect(box()).toHaveValue('');
  });

  it('"/" anywhere but first is text', async () => {
    const user = userEvent.setup();
    renderComposer();
    await quickRepliesButton();
    await user.type(box(), 'Cut 1/2 of the slab /');
    expect(box()).toHaveValue('Cut 1/2 of the slab /');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the search filters by title and content, whatever the case, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.click(await quickRepliesButton());
    const picker = await dialog('Quick replies');
    const options = () =>
      within(picker)
        .queryAllByRole('button', { name: /^(?!Close)/ })
        .map((b) => b.textContent);

    await user.type(within(picker).getByLabelText('Search quick replies'), 'PAYMENT');
    expect(options()).toEqual([expect.stringMatching(/^Payment terms/)]);
    await user.clear(within(picker).getByLabelText('Search quick replies'));
    // "nakuru" is only in the content of Delivery areas.
    await user.type(within(picker).getByLabelText('Search quick replies'), 'nakuru');
    expect(options()).toEqual([expect.stringMatching(/^Delivery areas/)]);
    // The list shows the title and the first line of the content.
    expect(options()[0]).toContain('We deliver across Nairobi');
    await user.type(within(picker).getByLabelText('Search quick replies'), ' zanzibar');
    expect(within(picker).getByText('No quick replies match', { selector: '.composer-picker-empty' })).toBeVisible();
    expect(options()).toEqual([]);
  });

  it('Enter puts the first match, filled from the conversation, at the caret and the caret after it', async () => {
    const user = userEvent.setup();
    renderComposer();
    const button = await quickRepliesButton();
    await user.type(box(), 'Hi. Thanks');
    box().setSelectionRange(4, 4);
    await user.click(button);
    const picker = await dialog('Quick replies');
    await user.type(within(picker).getByLabelText('Search quick replies'), 'price');
    await user.keyboard('{Enter}');
    await closed('Quick replies');

    const filled = 'Hello Brian Otieno, Absolute Black Granite is 8,500 - 12,000 KES.';
    await waitFor(() => expect(box()).toHaveValue(`Hi. ${filled}Thanks`));
    await waitFor(() => expect(box()).toHaveFocus());
    expect(box().selectionStart).toBe(4 + filled.length);
    expect(box().selectionEnd).toBe(4 + filled.length);
    expect(screen.queryByText(/before sending/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('a customer writing Swahili gets the Swahili text where a reply has one, the English text where it has none', async () => {
    const withSwahili = replies.map((reply) =>
      reply.id === 3 ? { ...reply, contentSw: 'Habari {{customerName}}, {{productName}} ni {{priceRange}}.' } : reply,
    );
    const user = userEvent.setup();
    renderComposer(
      { 'GET /api/quick-replies': () => json(200, withSwahili) },
      { conv: { ...conversation, customerLanguage: 'sw' } },
    );
    await user.click(await quickRepliesButton());
    let picker = await dialog('Quick replies');
    // The list shows the text that goes in.
    expect(within(picker).getByRole('button', { name: /^Price of the product/ })).toHaveTextContent(
      'Habari {{customerName}}',
    );
    await user.type(within(picker).getByLabelText('Search quick replies'), 'habari');
    await user.keyboard('{Enter}');
    await closed('Quick replies');
    const swahili = 'Habari Brian Otieno, Absolute Black Granite ni 8,500 - 12,000 KES.';
    await waitFor(() => expect(box()).toHaveValue(swahili));

    await user.click(await quickRepliesButton());
    picker = await dialog('Quick replies');
    await user.type(within(picker).getByLabelText('Search quick replies'), 'payment');
    await user.keyboard('{Enter}');
    await closed('Quick replies');
    await waitFor(() => expect(box()).toHaveValue(`${swahili}${replies[1]!.content}`));
  });

  it('a customer writing English gets the English text of a reply that has a Swahili one', async () => {
    const withSwahili = replies.map((reply) =>
      reply.id === 3 ? { ...reply, contentSw: 'Habari {{customerName}}, {{productName}} ni {{priceRange}}.' } : reply,
    );
    const user = userEvent.setup();
    renderComposer(
      { 'GET /api/quick-replies': () => json(200, withSwahili) },
      { conv: { ...conversation, customerLanguage: 'en' } },
    );
    await user.click(await quickRepliesButton());
    const picker = await dialog('Quick replies');
    await user.type(within(picker).getByLabelText('Search quick replies'), 'price');
    await user.keyboard('{Enter}');
    await closed('Quick replies');
    await waitFor(() => expect(box()).toHaveValue('Hello Brian Otieno, Absolute Black Granite is 8,500 - 12,000 KES.'));
  });

  it('the arrow keys move through the list and Enter takes the one with focus; unfilled placeholders block Send until gone', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer({}, { conv: { ...conversation, currentOfferPrice: null, customerName: null } });
    await user.click(await quickRepliesButton());
    const picker = await dialog('Quick replies');
    await waitFor(() => expect(within(picker).getByLabelText('Search quick replies')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(picker).getByRole('button', { name: /^Delivery areas/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(picker).getByRole('button', { name: /^Offer/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(picker).getByRole('button', { name: /^Price of the product/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    await closed('Quick replies');

    await waitFor(() =>
      expect(box()).toHaveValue(
        'We can do {{offerPrice}} for Absolute Black Granite, {{customerName}}. Shall I book it for you?',
      ),
    );
    const reason = 'Fill in {{offerPrice}} and {{customerName}} before sending';
    const note = document.getElementById('composer-unfilled')!;
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent(reason);
    expect(box()).toHaveAccessibleDescription(reason);
    // Send is disabled, the reason beside it (the same group) and read with it; Enter sends nothing.
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(reason);
    expect(send.parentElement).toContainElement(note);
    await waitFor(() => expect(box()).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(calls).not.toContain('POST /api/conversations/102/messages');

    // Filling one in by hand: only the other is named; both: the note goes.
    const replace = async (token: string, value: string) => {
      const at = box().value.indexOf(token);
      box().setSelectionRange(at, at + token.length);
      await user.paste(value);
    };
    await replace('{{offerPrice}}', 'KES 9,500');
    expect(box()).toHaveValue(
      'We can do KES 9,500 for Absolute Black Granite, {{customerName}}. Shall I book it for you?',
    );
    expect(note).toHaveTextContent(/^Fill in \{\{customerName\}\} before sending$/);
    expect(send).toBeDisabled();
    await replace('{{customerName}}', 'Brian');
    expect(note).toBeEmptyDOMElement();
    expect(send).toBeEnabled();
    expect(send).not.toHaveAccessibleDescription();
    await user.click(send);
    await waitFor(() => expect(calls).toContain('POST /api/conversations/102/messages'));
  });

  it('a blank typed by hand blocks Send too, named beside it', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer();
    await user.click(box());
    await user.paste('Delivery is {{deliveryFee}} to Nakuru');
    expect(box()).toHaveValue('Delivery is {{deliveryFee}} to Nakuru');
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Fill in {{deliveryFee}} before sending');
    await user.keyboard('{Enter}');
    expect(calls).not.toContain('POST /api/conversations/102/messages');
  });

  it('a backend without quick replies (404): no button, "/" is text and Enter still sends', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer({ 'GET /api/quick-replies': () => json(404, { message: 'Not found' }) });
    await waitFor(() => expect(calls).toContain('GET /api/quick-replies'));
    expect(document.getElementById('quick-replies-button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quick replies' })).not.toBeInTheDocument();

    await user.type(box(), '/Karibu');
    expect(box()).toHaveValue('/Karibu');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(calls.filter((call) => call === 'POST /api/conversations/102/messages')).toHaveLength(1);
  });

  it('a failed send keeps the text (and the quick replies button waits while it is on its way)', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    renderComposer({
      'POST /api/conversations/102/messages': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const button = await quickRepliesButton();
    await user.type(box(), 'Karibu{Enter}');
    await waitFor(() => expect(button).toBeDisabled());
    expect(box()).toHaveAttribute('readonly');
    answer(json(500, { message: 'Internal server error' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(box()).toHaveValue('Karibu');
    expect(button).toBeEnabled();
  });

  it('outside admin takeover: neither button, and the box is disabled as before', async () => {
    const { calls } = renderComposer({}, { takeover: false });
    expect(box()).toBeDisabled();
    expect(box()).toHaveAttribute('placeholder', 'Enable admin mode to send messages');
    expect(screen.queryByRole('button', { name: 'Quick replies' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert product' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('MessageComposer: product card', () => {
  it('Insert product searches the catalogue (fetched on opening) and puts the card at the caret', async () => {
    const user = userEvent.setup();
    const { calls } = renderComposer();
    const button = await screen.findByRole('button', { name: 'Insert product' });
    expect(button).toHaveAttribute('id', 'product-card-button');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(calls).not.toContain('GET /api/products');

    await user.type(box(), 'Here it is:');
    await user.click(button);
    const picker = await dialog('Insert product');
    await waitFor(() => expect(within(picker).getByLabelText('Search products')).toHaveFocus());
    const granite = await within(picker).findByRole('button', { name: /Absolute Black Granite/ });
    expect(granite).toHaveTextContent('Granite · 8,500 KES per slab');
    expect(within(picker).getByRole('button', { name: /Franke/ })).toHaveTextContent('Sink · 18,000 KES each');

    await user.type(within(picker).getByLabelText('Search products'), 'SINK');
    expect(within(picker).queryByRole('button', { name: /Absolute Black Granite/ })).not.toBeInTheDocument();
    await user.clear(within(picker).getByLabelText('Search products'));
    await user.type(within(picker).getByLabelText('Search products'), 'absolute');
    await user.click(within(picker).getByRole('button', { name: /Absolute Black Granite/ }));
    await closed('Insert product');

    const card = [
      'Absolute Black Granite',
      'Size: 3000 x 1800 x 20 mm',
      'Price: 8,500 KES per slab',
      `Picture: ${window.location.origin}/uploads/products/absolute-black-granite.svg`,
    ].join('\n');
    await waitFor(() => expect(box()).toHaveValue(`Here it is:\n${card}`));
    await waitFor(() => expect(box()).toHaveFocus());
    expect(box().selectionStart).toBe(`Here it is:\n${card}`.length);
  });

  it('says when the catalogue is loading, and when it failed', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    renderComposer({ 'GET /api/products': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await user.click(await screen.findByRole('button', { name: 'Insert product' }));
    const picker = await dialog('Insert product');
    expect(await within(picker).findByText('Loading products...')).toBeInTheDocument();
    answer(json(500, { message: 'Internal server error' }));
    expect(await within(picker).findByRole('alert')).toHaveTextContent('Failed to load products');
    expect(within(picker).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
