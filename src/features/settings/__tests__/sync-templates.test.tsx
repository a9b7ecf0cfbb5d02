import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageTemplate } from '../../../api/generated/model/messageTemplate';
import { MessageTemplatesSection } from '../components/message-templates-section';
import { json, renderRoutes, stubApi } from '../../../test/render';

const quoteReady: MessageTemplate = {
  id: 2,
  name: 'quote_ready',
  label: 'Quote ready',
  language: 'en',
  body: 'Hello {{1}}, your quote is ready.',
  variables: [{ label: 'Customer name' }],
};
const deliveryUpdate: MessageTemplate = {
  id: 3,
  name: 'delivery_update',
  label: 'Delivery update',
  language: 'en',
  body: 'Your order is scheduled for delivery.',
  variables: [],
};

/**
 * The templates section against a stub API: the list grows by one template
 * once a sync has succeeded; `sync` answers POST /api/message-templates/sync.
 */
function renderSection(sync: () => Response) {
  let synced = false;
  const { fetchStub, calls } = stubApi({
    'GET /api/message-templates': () => json(200, synced ? [deliveryUpdate, quoteReady] : [quoteReady]),
    'POST /api/message-templates/sync': () => {
      const answer = sync();
      if (answer.ok) synced = true;
      return answer;
    },
  });
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  renderRoutes([{ path: '/settings', element: <MessageTemplatesSection /> }], '/settings');
  return { calls };
}

async function section() {
  const region = await screen.findByRole('region', { name: 'Message templates' });
  await within(region).findByRole('heading', { name: 'Quote ready' });
  return region;
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings: Sync templates', () => {
  it('fetches the templates from WhatsApp, says how many are approved and shows the new list', async () => {
    const user = userEvent.setup();
    const { calls } = renderSection(() => json(200, { synced: 6, approved: 2 }));
    const region = await section();
    expect(within(region).queryByRole('heading', { name: 'Delivery update' })).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Sync templates' }));
    expect(await screen.findByText('Templates synced: 2 approved.')).toBeInTheDocument();
    expect(await within(region).findByRole('heading', { name: 'Delivery update' })).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /api/message-templates/sync')).toHaveLength(1);
    expect(calls.filter((call) => call === 'GET /api/message-templates')).toHaveLength(2);
    expect(within(region).getByRole('button', { name: 'Sync templates' })).toBeEnabled();
  });

  it('WhatsApp not configured (409): the server says why, the button stays', async () => {
    const user = userEvent.setup();
    const message =
      'WhatsApp is not connected to this server yet, so there are no templates to sync. Whoever runs the server connects it (README: Connecting WhatsApp).';
    renderSection(() => json(409, { message }));
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Sync templates' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Templates not synced')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Sync templates' })).toBeEnabled();
    // The templates kept before are still listed.
    expect(within(region).getByRole('heading', { name: 'Quote ready' })).toBeInTheDocument();
  });

  it('WhatsApp did not answer (502): its message, and the list as it was', async () => {
    const user = userEvent.setup();
    const message = 'WhatsApp did not answer; the templates were not synced. Try again later.';
    const { calls } = renderSection(() => json(502, { message }));
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Sync templates' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call === 'GET /api/message-templates')).toHaveLength(1);
  });

  it('a backend that does not sync (404): the button goes, saying so once, and the list stays', async () => {
    const user = userEvent.setup();
    renderSection(() => json(404, { message: 'Not found' }));
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Sync templates' }));
    expect(await screen.findByText('This backend does not sync templates.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(region).queryByRole('button', { name: 'Sync templates' })).not.toBeInTheDocument(),
    );
    expect(within(region).getByRole('heading', { name: 'Quote ready' })).toBeInTheDocument();
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
  });

  it('a second press while a sync runs sends nothing more', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => undefined;
    const { fetchStub, calls } = stubApi({
      'GET /api/message-templates': () => json(200, [quoteReady]),
      'POST /api/message-templates/sync': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    vi.stubGlobal('fetch', vi.fn(fetchStub));
    renderRoutes([{ path: '/settings', element: <MessageTemplatesSection /> }], '/settings');
    const region = await section();
    const button = within(region).getByRole('button', { name: 'Sync templates' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    release(json(200, { synced: 1, approved: 1 }));
    expect(await screen.findByText('Templates synced: 1 approved.')).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /api/message-templates/sync')).toHaveLength(1);
  });
});
