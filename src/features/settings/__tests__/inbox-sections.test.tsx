import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowUpSettings } from '../../../api/generated/model/followUpSettings';
import type { MessageTemplate } from '../../../api/generated/model/messageTemplate';
import type { QuickReply } from '../../../api/generated/model/quickReply';
import { SettingsPage } from '../settings-page';
import { json, renderRoutes, stubApi } from '../../../test/render';

const followUps: FollowUpSettings = { enabled: true, hoursUntilFollowUp: 24, followUpMessage: 'Still interested?' };

const templates: MessageTemplate[] = [
  {
    id: 1,
    name: 'order_reminder',
    label: 'Order reminder',
    language: 'en',
    body: 'Hello {{1}}, your order of {{2}} is ready.',
    variables: [{ label: 'Customer name' }, { label: 'Product', example: 'Sofa' }],
  },
  {
    id: 2,
    name: 'back_in_stock',
    label: 'Back in stock',
    language: 'sw',
    body: 'Bidhaa uliyoitaka imerudi.',
    variables: [],
  },
];

const replies: QuickReply[] = [
  { id: 1, title: 'Greeting', content: 'Hello {{customerName}}, how can we help?' },
  { id: 2, title: 'Delivery areas', content: 'We deliver across Nairobi the next day.' },
  { id: 3, title: 'Payment', content: 'We accept M-Pesa and cards.' },
];

const FULL = 'You can keep up to 200 quick replies: delete one first';

type Sent = { key: string; body: unknown };

/**
 * The settings screen against a stub API that keeps its quick replies: POST
 * appends, PATCH changes, DELETE removes, PUT order reorders; GET answers what
 * is stored. `missing` makes both beyond-the-spec lists answer 404.
 */
function renderSettings(
  options: { missing?: boolean; templates?: MessageTemplate[]; replies?: QuickReply[]; refuseCreate?: boolean } = {},
) {
  let stored = [...(options.replies ?? replies)];
  let nextId = Math.max(0, ...stored.map((reply) => reply.id)) + 1;
  const sent: Sent[] = [];
  const lastBody = () => sent[sent.length - 1].body as Record<string, unknown>;
  const notFound = () => json(404, { message: 'Not found' });

  const perReply: Record<string, () => Response> = {};
  for (const id of [...stored.map((reply) => reply.id), nextId]) {
    perReply[`PATCH /api/quick-replies/${id}`] = () => {
      const changes = lastBody() as Partial<QuickReply>;
      stored = stored.map((reply) => (reply.id === id ? { ...reply, ...changes } : reply));
      return json(
        200,
        stored.find((reply) => reply.id === id),
      );
    };
    perReply[`DELETE /api/quick-replies/${id}`] = () => {
      stored = stored.filter((reply) => reply.id !== id);
      return json(204, undefined);
    };
  }

  const { fetchStub, calls } = stubApi({
    'GET /api/follow-ups/settings': () => json(200, followUps),
    // The Chatbot section has tests of its own (bot-settings.test.tsx): here the backend has no bot.
    'GET /api/bot/settings': notFound,
    // So has the Business section (business-section.test.tsx).
    'GET /api/business': notFound,
    // Settings → Delivery has tests of its own (delivery-zones-section.test.tsx).
    'GET /api/delivery-zones': notFound,
    'GET /api/message-templates': () => (options.missing ? notFound() : json(200, options.templates ?? templates)),
    'GET /api/quick-replies': () => (options.missing ? notFound() : json(200, stored)),
    'POST /api/quick-replies': () => {
      if (options.refuseCreate) return json(409, { message: FULL });
      const { title, content, contentSw } = lastBody() as { title: string; content: string; contentSw?: string };
      // A backend that keeps Swahili texts answers with contentSw on every reply.
      const keepsSwahili = stored.some((reply) => 'contentSw' in reply);
      const created = { id: nextId++, title, content, ...(keepsSwahili && { contentSw: contentSw ?? null }) };
      stored = [...stored, created];
      return json(201, created);
    },
    'PUT /api/quick-replies/order': () => {
      const { ids } = lastBody() as { ids: number[] };
      stored = ids.map((id) => stored.find((reply) => reply.id === id)!);
      return json(200, stored);
    },
    ...perReply,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
      sent.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      return fetchStub(input, init);
    }),
  );
  const writes = () => sent.filter((request) => !request.key.startsWith('GET '));
  return { ...renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings'), calls, sent, writes };
}

/** The Quick replies section, once its list has loaded. */
async function quickReplies() {
  const section = await screen.findByRole('region', { name: 'Quick replies' });
  await waitFor(() => expect(within(section).queryByText('Loading quick replies...')).not.toBeInTheDocument());
  return section;
}

const titles = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('Settings: message templates and quick replies', () => {
  it('a backend without templates and quick replies (404) shows the follow-up settings and neither section', async () => {
    const { calls } = renderSettings({ missing: true });
    expect(await screen.findByLabelText('Follow-up Message')).toHaveValue('Still interested?');
    await waitFor(() => {
      expect(calls).toContain('GET /api/message-templates');
      expect(calls).toContain('GET /api/quick-replies');
    });
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Message templates' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Quick replies' })).not.toBeInTheDocument();
    });
    // Still so once everything has settled: no error took the sections' place.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Message templates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quick replies' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/failed to load/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add quick reply' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
    expect(screen.getByLabelText('Follow-up Message')).toHaveValue('Still interested?');
  });

  it('lists the approved templates read-only: label, name and language, text and variables', async () => {
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Message templates' });
    expect(await within(section).findByRole('heading', { name: 'Order reminder' })).toBeInTheDocument();
    expect(within(section).getByText('order_reminder · en')).toBeInTheDocument();
    expect(within(section).getByText('Hello {{1}}, your order of {{2}} is ready.')).toBeInTheDocument();
    expect(within(section).getByText('{{1}} Customer name · {{2}} Product')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Back in stock' })).toBeInTheDocument();
    expect(within(section).getByText('back_in_stock · sw')).toBeInTheDocument();
    expect(within(section).getByText('Bidhaa uliyoitaka imerudi.')).toBeInTheDocument();
    // Read-only: nothing to type into, and nothing to press but Sync templates (fetches them from WhatsApp).
    expect(
      within(section)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Sync templates']);
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('no templates yet says so', async () => {
    renderSettings({ templates: [] });
    const section = await screen.findByRole('region', { name: 'Message templates' });
    expect(await within(section).findByText('No approved templates yet.')).toBeInTheDocument();
  });

  it('lists the quick replies in their order', async () => {
    renderSettings();
    const section = await quickReplies();
    expect(titles(section)).toEqual(['Greeting', 'Delivery areas', 'Payment']);
    expect(within(section).getByText('Hello {{customerName}}, how can we help?')).toBeInTheDocument();
    expect(within(section).getByText('We deliver across Nairobi the next day.')).toBeInTheDocument();
  });

  it('no quick replies yet says so and still offers to add one', async () => {
    renderSettings({ replies: [] });
    const section = await quickReplies();
    expect(within(section).getByText('No quick replies yet.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add quick reply' })).toBeInTheDocument();
  });

  it('adding: an empty form says what is missing and sends nothing; a filled one is saved', async () => {
    const user = userEvent.setup();
    const { sent, writes } = renderSettings();
    const section = await quickReplies();
    await user.click(within(section).getByRole('button', { name: 'Add quick reply' }));
    const title = within(section).getByLabelText('Title');
    const message = within(section).getByLabelText('Message');
    expect(title).toHaveValue('');
    expect(message).toHaveValue('');

    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Title is required')).toBeInTheDocument();
    expect(within(section).getByText('Message is required')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveFocus();
    expect(writes()).toEqual([]);

    await user.type(title, 'Opening hours');
    await user.type(message, 'We are open 8am to 6pm, Monday to Saturday.');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quick reply saved')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        key: 'POST /api/quick-replies',
        body: { title: 'Opening hours', content: 'We are open 8am to 6pm, Monday to Saturday.' },
      },
    ]);
    expect(sent.filter((request) => request.key === 'POST /api/quick-replies')).toHaveLength(1);
    // The form closes and the new reply shows last.
    await waitFor(() => expect(titles(section)).toEqual(['Greeting', 'Delivery areas', 'Payment', 'Opening hours']));
    expect(within(section).queryByLabelText('Title')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add quick reply' })).toBeInTheDocument();
  });

  it('a backend that keeps no Swahili texts gets no Swahili field', async () => {
    const user = userEvent.setup();
    renderSettings();
    const section = await quickReplies();
    await user.click(within(section).getByRole('button', { name: 'Add quick reply' }));
    expect(within(section).getByLabelText('Message')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Message (Swahili)')).not.toBeInTheDocument();
  });

  it('with Swahili texts: adds one, changes one and removes one (sent as null)', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings({
      replies: [
        { ...replies[0]!, contentSw: 'Habari {{customerName}}, tukusaidie vipi?' },
        { ...replies[1]!, contentSw: null },
      ],
    });
    const section = await quickReplies();
    await user.click(within(section).getByRole('button', { name: 'Add quick reply' }));
    await user.type(within(section).getByLabelText('Title'), 'Opening hours');
    await user.type(within(section).getByLabelText('Message'), 'We are open 8am to 6pm.');
    await user.type(within(section).getByLabelText('Message (Swahili)'), 'Tuko wazi saa mbili hadi saa kumi na mbili.');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quick reply saved')).toBeInTheDocument();
    await waitFor(() => expect(titles(section)).toEqual(['Greeting', 'Delivery areas', 'Opening hours']));

    const greeting = within(section).getByRole('heading', { name: 'Greeting' }).closest('li')!;
    await user.click(within(greeting).getByRole('button', { name: 'Edit' }));
    const swahili = within(greeting).getByLabelText('Message (Swahili)');
    expect(swahili).toHaveValue('Habari {{customerName}}, tukusaidie vipi?');
    await user.clear(swahili);
    await user.click(within(greeting).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(section).queryByLabelText('Title')).not.toBeInTheDocument());

    expect(writes()).toEqual([
      {
        key: 'POST /api/quick-replies',
        body: {
          title: 'Opening hours',
          content: 'We are open 8am to 6pm.',
          contentSw: 'Tuko wazi saa mbili hadi saa kumi na mbili.',
        },
      },
      {
        key: 'PATCH /api/quick-replies/1',
        body: { title: 'Greeting', content: 'Hello {{customerName}}, how can we help?', contentSw: null },
      },
    ]);
  });

  it('a title of spaces only counts as empty and is not sent', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings();
    const section = await quickReplies();
    await user.click(within(section).getByRole('button', { name: 'Add quick reply' }));
    await user.type(within(section).getByLabelText('Title'), '   ');
    await user.type(within(section).getByLabelText('Message'), 'Some text');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Title is required')).toBeInTheDocument();
    expect(within(section).queryByText('Message is required')).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('a refusal from the server shows its message and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings({ refuseCreate: true });
    const section = await quickReplies();
    await user.click(within(section).getByRole('button', { name: 'Add quick reply' }));
    await user.type(within(section).getByLabelText('Title'), 'Opening hours');
    await user.type(within(section).getByLabelText('Message'), 'We are open 8am to 6pm.');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent(FULL);
    expect(writes().map((request) => request.key)).toEqual(['POST /api/quick-replies']);
    expect(within(section).getByLabelText('Title')).toHaveValue('Opening hours');
    expect(within(section).getByLabelText('Message')).toHaveValue('We are open 8am to 6pm.');
    expect(screen.queryByText('Quick reply saved')).not.toBeInTheDocument();
    expect(titles(section)).toEqual(['Greeting', 'Delivery areas', 'Payment']);
  });

  it('editing a quick reply sends PATCH for that reply and shows the change', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings();
    const section = await quickReplies();
    const item = within(section).getByRole('heading', { name: 'Delivery areas' }).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const title = within(item).getByLabelText('Title');
    const message = within(item).getByLabelText('Message');
    expect(title).toHaveValue('Delivery areas');
    expect(message).toHaveValue('We deliver across Nairobi the next day.');

    await user.clear(message);
    await user.type(message, 'We deliver across Kenya within 3 days.');
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quick reply saved')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        key: 'PATCH /api/quick-replies/2',
        body: { title: 'Delivery areas', content: 'We deliver across Kenya within 3 days.' },
      },
    ]);
    expect(await within(section).findByText('We deliver across Kenya within 3 days.')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Title')).not.toBeInTheDocument();
    expect(titles(section)).toEqual(['Greeting', 'Delivery areas', 'Payment']);
  });

  it('Cancel on the edit form sends nothing and leaves the reply as it was', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings();
    const section = await quickReplies();
    const item = within(section).getByRole('heading', { name: 'Payment' }).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    await user.type(within(item).getByLabelText('Title'), ' options');
    await user.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByLabelText('Title')).not.toBeInTheDocument();
    expect(titles(section)).toEqual(['Greeting', 'Delivery areas', 'Payment']);
    expect(writes()).toEqual([]);
  });

  it('deleting asks in a dialog first; Cancel sends nothing, Delete sends DELETE', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings();
    const section = await quickReplies();
    const item = within(section).getByRole('heading', { name: 'Greeting' }).closest('li')!;

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete quick reply' });
    expect(within(dialog).getByText('Delete quick reply "Greeting"?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(titles(section)).toEqual(['Greeting', 'Delivery areas', 'Payment']);

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete quick reply' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Quick reply deleted')).toBeInTheDocument();
    expect(screen.getByText('"Greeting" was deleted.')).toBeInTheDocument();
    expect(writes().map((request) => request.key)).toEqual(['DELETE /api/quick-replies/1']);
    await waitFor(() => expect(titles(section)).toEqual(['Delivery areas', 'Payment']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moving a reply sends the whole new order, each id once, and shows it', async () => {
    const user = userEvent.setup();
    const { writes } = renderSettings();
    const section = await quickReplies();
    expect(within(section).getByRole('button', { name: 'Move Greeting up' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Move Payment down' })).toBeDisabled();

    await user.click(within(section).getByRole('button', { name: 'Move Payment up' }));
    await waitFor(() => expect(titles(section)).toEqual(['Greeting', 'Payment', 'Delivery areas']));
    expect(writes()).toEqual([{ key: 'PUT /api/quick-replies/order', body: { ids: [1, 3, 2] } }]);

    await waitFor(() => expect(within(section).getByRole('button', { name: 'Move Greeting down' })).toBeEnabled());
    await user.click(within(section).getByRole('button', { name: 'Move Greeting down' }));
    await waitFor(() => expect(titles(section)).toEqual(['Payment', 'Greeting', 'Delivery areas']));
    const orders = writes().map((request) => (request.body as { ids: number[] }).ids);
    expect(orders).toEqual([
      [1, 3, 2],
      [3, 1, 2],
    ]);
    for (const ids of orders) expect([...ids].sort()).toEqual([1, 2, 3]);
  });
});
