import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '../../../api/generated/model/conversation';
import type { MessageTemplate } from '../../../api/generated/model/messageTemplate';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { TemplateSender } from '../components/template-sender';

const quoteReady: MessageTemplate = {
  id: 2,
  name: 'quote_ready',
  label: 'Quote ready',
  language: 'en',
  body: 'Hello {{1}}, your quote for {{2}} is ready. Reply to this message to see it and confirm your order.',
  variables: [
    { label: 'Customer name', example: 'Brian' },
    { label: 'Product', example: 'Absolute Black Granite' },
  ],
};

const omondi: Conversation = {
  id: 109,
  customerName: 'Omondi Were',
  whatsappPhoneNumber: '+254711000109',
  status: 'admin_required',
  lastMessageAt: '2026-11-20T17:26:41.000Z',
  createdAt: '2026-11-18T08:02:19.000Z',
  messageCount: 4,
  productsMentioned: ['Absolute Black Granite', 'Tan Brown Granite'],
  currentProductId: null,
  currentOfferPrice: null,
  bargainingRound: null,
};

function renderSender(answers: Record<string, () => Response>, takeover = true, conversation?: Conversation) {
  const { fetchStub, calls } = stubApi(answers);
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' || init?.method === 'PATCH') bodies.push(JSON.parse(String(init.body)));
      return fetchStub(input, init);
    }),
  );
  renderRoutes(
    [{ path: '/', element: <TemplateSender conversationId={109} takeover={takeover} conversation={conversation} /> }],
    '/',
  );
  return { calls, bodies };
}

async function chooseQuoteReady(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Approved templates' }));
  // jsdom lays nothing out: the open panel counts as hidden to the accessibility tree.
  await user.click(await screen.findByRole('option', { name: 'Quote ready', hidden: true }));
  expect(await screen.findByLabelText('Template text')).toHaveTextContent('your quote for {{2}} is ready');
}

afterEach(() => vi.unstubAllGlobals());

describe('TemplateSender (after the 24-hour window closed)', () => {
  it('sends nothing until every variable is filled, names the empty ones, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { calls } = renderSender({
      'GET /api/message-templates': () => json(200, [quoteReady]),
    });
    await chooseQuoteReady(user);
    await user.type(screen.getByLabelText('{{1}} Customer name'), 'Brian');
    await user.click(screen.getByRole('button', { name: 'Send template' }));

    expect(await screen.findByText('Product is required')).toBeInTheDocument();
    expect(screen.queryByText('Customer name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('{{2}} Product')).toHaveFocus();
    expect(screen.getByLabelText('{{1}} Customer name')).toHaveValue('Brian');
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    // Blank is not filled.
    await user.type(screen.getByLabelText('{{2}} Product'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send template' }));
    expect(screen.getByText('Product is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('sends the chosen template with its variables trimmed, says so, and empties the fields', async () => {
    const user = userEvent.setup();
    const { bodies } = renderSender({
      'GET /api/message-templates': () => json(200, [quoteReady]),
      'POST /api/conversations/109/template-messages': () =>
        json(201, {
          id: 1300,
          sender: 'admin',
          content: 'Hello Brian, your quote for Absolute Black Granite is ready.',
          timestamp: '2026-11-26T09:00:00.000Z',
          messageType: 'text',
          deliveryStatus: 'queued',
          failureReason: null,
        }),
    });
    await chooseQuoteReady(user);
    await user.type(screen.getByLabelText('{{1}} Customer name'), ' Brian ');
    await user.type(screen.getByLabelText('{{2}} Product'), 'Absolute Black Granite');
    await user.click(screen.getByRole('button', { name: 'Send template' }));

    expect(await screen.findByText('Quote ready is on its way to the customer.')).toBeInTheDocument();
    expect(bodies).toEqual([{ templateId: 2, variables: ['Brian', 'Absolute Black Granite'] }]);
    await waitFor(() => expect(screen.getByLabelText('{{2}} Product')).toHaveValue(''));
  });

  describe('in the customer’s language', () => {
    const quoteReadySw: MessageTemplate = {
      ...quoteReady,
      id: 6,
      language: 'sw',
      body: 'Habari {{1}}, bei ya {{2}} iko tayari. Jibu ujumbe huu uione na uthibitishe oda yako.',
    };
    const templates = [quoteReady, quoteReadySw];
    const sent = () =>
      json(201, {
        id: 1301,
        sender: 'admin',
        content: 'Habari Omondi Were, bei ya Absolute Black Granite iko tayari.',
        timestamp: '2026-11-26T09:00:00.000Z',
        messageType: 'template',
        deliveryStatus: 'queued',
        failureReason: null,
      });
    const options = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.click(await screen.findByRole('button', { name: 'Approved templates' }));
      const panel = await screen.findByRole('listbox', { hidden: true });
      return within(panel)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent);
    };

    it('a customer writing Swahili is offered the Swahili version of a template, and it is the one sent', async () => {
      const user = userEvent.setup();
      const { bodies } = renderSender(
        {
          'GET /api/message-templates': () => json(200, templates),
          'POST /api/conversations/109/template-messages': sent,
        },
        true,
        { ...omondi, customerLanguage: 'sw' },
      );
      expect(
        await screen.findByText('The customer writes Swahili: templates approved in Swahili are offered in Swahili.'),
      ).toBeInTheDocument();
      expect(await options(user)).toEqual(['Quote ready']);
      await user.click(screen.getByRole('option', { name: 'Quote ready', hidden: true }));
      expect(await screen.findByLabelText('Template text')).toHaveTextContent('Habari {{1}}, bei ya {{2}} iko tayari.');
      // Filled in from the conversation, as the English version would be.
      await user.click(screen.getByRole('button', { name: 'Send template' }));
      await waitFor(() => expect(bodies).toEqual([{ templateId: 6, variables: ['Omondi Were', 'Tan Brown Granite'] }]));
    });

    it.each([
      ['writing English', 'en'],
      ['whose language the backend does not say', undefined],
    ] as const)('a customer %s is offered both versions, each named by its language', async (_, customerLanguage) => {
      const user = userEvent.setup();
      renderSender({ 'GET /api/message-templates': () => json(200, templates) }, true, {
        ...omondi,
        customerLanguage,
      });
      expect(await options(user)).toEqual(['Quote ready (English)', 'Quote ready (Swahili)']);
      expect(screen.queryByText(/templates approved in Swahili/)).not.toBeInTheDocument();
    });

    it('a customer writing Swahili is offered a template with no Swahili version as it is', async () => {
      const user = userEvent.setup();
      renderSender({ 'GET /api/message-templates': () => json(200, [quoteReady]) }, true, {
        ...omondi,
        customerLanguage: 'sw',
      });
      expect(await options(user)).toEqual(['Quote ready']);
      expect(screen.queryByText(/templates approved in Swahili/)).not.toBeInTheDocument();
    });
  });

  it('shows the server’s refusal in its words and loses nothing typed', async () => {
    const user = userEvent.setup();
    renderSender({
      'GET /api/message-templates': () => json(200, [quoteReady]),
      'POST /api/conversations/109/template-messages': () =>
        json(409, { error: 'Conflict', message: 'Take over the conversation before sending a message' }),
    });
    await chooseQuoteReady(user);
    await user.type(screen.getByLabelText('{{1}} Customer name'), 'Brian');
    await user.type(screen.getByLabelText('{{2}} Product'), 'Sink');
    await user.click(screen.getByRole('button', { name: 'Send template' }));

    expect(await screen.findByText('Take over the conversation before sending a message')).toBeInTheDocument();
    expect(screen.getByLabelText('{{1}} Customer name')).toHaveValue('Brian');
    expect(screen.getByLabelText('{{2}} Product')).toHaveValue('Sink');
  });

  it('says no templates are available when the backend has none (404), without an error', async () => {
    renderSender({ 'GET /api/message-templates': () => json(404, { error: 'Not Found', message: 'Not found' }) });
    expect(await screen.findByText('No approved templates are available.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send template' })).not.toBeInTheDocument();
  });

  it('starts with what the conversation knows filled in, editable, and examples that read "e.g."', async () => {
    const user = userEvent.setup();
    const { bodies } = renderSender(
      {
        'GET /api/message-templates': () => json(200, [quoteReady]),
        'GET /api/products/4': () =>
          json(200, {
            id: 4,
            name: 'Tan Brown Granite',
            category: 'granite',
            dimensions: null,
            startingPrice: 7800,
            endingPrice: 10500,
            stock: 21,
            isActive: true,
            productImageUrl: null,
            installationImageUrls: [],
          }),
        'POST /api/conversations/109/template-messages': () =>
          json(201, {
            id: 1301,
            sender: 'admin',
            content: 'Hello',
            timestamp: '2026-11-26T09:00:00.000Z',
            messageType: 'text',
            deliveryStatus: 'queued',
            failureReason: null,
          }),
      },
      true,
      { ...omondi, currentProductId: 4 },
    );
    await chooseQuoteReady(user);
    expect(screen.getByLabelText('{{1}} Customer name')).toHaveValue('Omondi Were');
    await waitFor(() => expect(screen.getByLabelText('{{2}} Product')).toHaveValue('Tan Brown Granite'));
    expect(screen.getByText('Filled in from this conversation: check or change before sending.')).toBeInTheDocument();

    // Cleared, the example shows as an example, and the field counts as empty.
    await user.clear(screen.getByLabelText('{{1}} Customer name'));
    expect(screen.getByLabelText('{{1}} Customer name')).toHaveAttribute('placeholder', 'e.g. Brian');
    await user.click(screen.getByRole('button', { name: 'Send template' }));
    expect(await screen.findByText('Customer name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('{{1}} Customer name'), 'Omondi');
    await user.click(screen.getByRole('button', { name: 'Send template' }));
    await waitFor(() => expect(bodies).toEqual([{ templateId: 2, variables: ['Omondi', 'Tan Brown Granite'] }]));
  });

  it('waiting for a person, not taken over: says a person must answer now and takes over in one click, with the switch’s call and toast', async () => {
    const user = userEvent.setup();
    const { bodies } = renderSender(
      {
        'GET /api/message-templates': () => json(200, [quoteReady]),
        'PATCH /api/conversations/109': () => json(200, { ...omondi, status: 'admin_takeover' }),
      },
      false,
      omondi,
    );
    expect(
      await screen.findByText(
        'Only Admin Takeover can send a template; the bot has stopped and a person must answer now.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take over to send a template' }));
    expect(await screen.findByText('Conversation status has been updated')).toBeInTheDocument();
    expect(bodies).toEqual([{ status: 'admin_takeover' }]);
  });
});
