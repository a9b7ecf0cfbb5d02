import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import type { FollowUpSettings } from '../../../api/generated/model/followUpSettings';
import { SettingsPage } from '../settings-page';
import { json, renderRoutes, stubApi } from '../../../test/render';

const stored: FollowUpSettings = { enabled: true, hoursUntilFollowUp: 24, followUpMessage: 'Still interested?' };

const routes = [
  {
    path: '/settings',
    element: (
      <>
        <Link to="/">Dashboard</Link>
        <SettingsPage />
      </>
    ),
  },
  { path: '/', element: <p>dashboard screen</p> },
];

/** The settings screen against a stub API: GET answers what was saved last, PATCH echoes its body. */
function renderSettings(initial: FollowUpSettings = stored) {
  let current = initial;
  const patches: FollowUpSettings[] = [];
  const { fetchStub, calls } = stubApi({
    'GET /api/follow-ups/settings': () => json(200, current),
    'PATCH /api/follow-ups/settings': () => json(200, current),
    // The Chatbot section has tests of its own (bot-settings.test.tsx): here the backend has no bot.
    'GET /api/bot/settings': () => json(404, { message: 'Not found' }),
    // Settings → Delivery has tests of its own (delivery-zones-section.test.tsx).
    'GET /api/delivery-zones': () => json(404, { message: 'Not found' }),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        current = JSON.parse(String(init.body)) as FollowUpSettings;
        patches.push(current);
      }
      return fetchStub(input, init);
    }),
  );
  const gets = () => calls.filter((call) => call === 'GET /api/follow-ups/settings').length;
  return { ...renderRoutes(routes, '/settings'), calls, gets, patches };
}

afterEach(() => vi.unstubAllGlobals());

describe('SettingsPage', () => {
  it('one save fetches the settings again at most once', async () => {
    const user = userEvent.setup();
    const { calls, gets } = renderSettings();
    const message = await screen.findByLabelText('Follow-up Message');
    expect(message).toHaveValue('Still interested?');
    expect(gets()).toBe(1);
    // A backend without a Swahili follow-up message: no field for it.
    expect(screen.queryByLabelText('Follow-up Message (Swahili)')).not.toBeInTheDocument();

    await user.clear(message);
    await user.type(message, 'Karibu tena!');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Follow-up settings have been updated successfully.')).toBeInTheDocument();
    // Let any refetch still under way arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.startsWith('PATCH'))).toHaveLength(1);
    expect(gets() - 1).toBeLessThanOrEqual(1);
    expect(message).toHaveValue('Karibu tena!');
  });

  it('with a Swahili message: shows it, refuses it blank, and sends it as edited', async () => {
    const user = userEvent.setup();
    const { patches } = renderSettings({ ...stored, followUpMessageSw: 'Bado unavutiwa?' });
    const swahili = await screen.findByLabelText('Follow-up Message (Swahili)');
    expect(swahili).toHaveValue('Bado unavutiwa?');
    await user.clear(swahili);
    await user.type(swahili, '  ');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Follow-up message (Swahili) cannot be empty')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(swahili);
    await user.type(swahili, 'Karibu tena!');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Follow-up settings have been updated successfully.')).toBeInTheDocument();
    expect(patches).toEqual([{ ...stored, followUpMessageSw: 'Karibu tena!' }]);
  });

  it('after a save the values count as saved: leaving does not ask', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings();
    const hours = await screen.findByLabelText('Hours Until Follow-up (1-168)');
    await user.clear(hours);
    await user.type(hours, '36');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('leaving with unsaved changes asks first', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings();
    const message = await screen.findByLabelText('Follow-up Message');
    await user.type(message, ' More?');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(
      await screen.findByText('You have unsaved changes. If you leave this page, they will be lost.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });
});
