import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryZone } from '../../../api/generated/model/deliveryZone';
import type { Pickup } from '../../../api/generated/model/pickup';
import { DeliveryZonesSection } from '../components/delivery-zones-section';
import { json, renderRoutes, stubApi } from '../../../test/render';

const zones: DeliveryZone[] = [
  { id: 1, name: 'Nairobi CBD', places: ['Town', 'Ngara'], fee: 1500, leadDays: 0 },
  { id: 2, name: 'Nakuru', places: [], fee: 9500.5, leadDays: 3 },
  { id: 3, name: 'Thika', places: ['Thika town', 'Makongeni'], fee: 4500, leadDays: 1 },
];
const pickup: Pickup = { enabled: true, location: 'Our yard on Mombasa Road, Nairobi', leadDays: 1 };

type Sent = { key: string; body: unknown };
type Options = { missing?: boolean; zones?: DeliveryZone[]; refuse?: { status: number; message: string } };

/**
 * The Delivery section against a stub API that keeps its zones: POST adds,
 * PATCH changes, DELETE removes, PUT saves pickup; `refuse` answers every write with that error.
 */
function renderSection(options: Options = {}) {
  let stored = [...(options.zones ?? zones)];
  let storedPickup = { ...pickup };
  const sent: Sent[] = [];
  const lastBody = () => sent[sent.length - 1].body as Record<string, unknown>;
  const refusal = () => json(options.refuse!.status, { message: options.refuse!.message });
  const perZone: Record<string, () => Response> = {};
  for (const id of [1, 2, 3, 4]) {
    perZone[`PATCH /api/delivery-zones/${id}`] = () => {
      if (options.refuse) return refusal();
      stored = stored.map((zone) => (zone.id === id ? { ...zone, ...(lastBody() as Partial<DeliveryZone>) } : zone));
      return json(
        200,
        stored.find((zone) => zone.id === id),
      );
    };
    perZone[`DELETE /api/delivery-zones/${id}`] = () => {
      stored = stored.filter((zone) => zone.id !== id);
      return json(204, undefined);
    };
  }
  const { fetchStub, calls } = stubApi({
    'GET /api/delivery-zones': () =>
      options.missing ? json(404, { message: 'Not found' }) : json(200, { zones: stored, pickup: storedPickup }),
    'POST /api/delivery-zones': () => {
      if (options.refuse) return refusal();
      const body = lastBody() as Omit<DeliveryZone, 'id' | 'places'> & { places?: string[] };
      const created: DeliveryZone = { id: 4, ...body, places: body.places ?? [] };
      stored = [...stored, created].sort((a, b) => a.name.localeCompare(b.name));
      return json(201, created);
    },
    'PUT /api/delivery-pickup': () => {
      if (options.refuse) return refusal();
      storedPickup = lastBody() as unknown as Pickup;
      return json(200, storedPickup);
    },
    ...perZone,
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
  renderRoutes([{ path: '/settings', element: <DeliveryZonesSection /> }], '/settings');
  return { calls, writes };
}

async function delivery() {
  const section = await screen.findByRole('region', { name: 'Delivery' });
  await waitFor(() => expect(within(section).queryByText('Loading delivery zones...')).not.toBeInTheDocument());
  return section;
}

const names = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)
    .filter((name) => name !== 'Pickup');

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Delivery', () => {
  it('lists the zones with their places, fee in KES and lead time, and the pickup settings', async () => {
    renderSection();
    const section = await delivery();
    expect(names(section)).toEqual(['Nairobi CBD', 'Nakuru', 'Thika']);
    const [cbd, nakuru, thika] = within(section).getAllByRole('listitem');
    expect(cbd).toHaveTextContent('KES 1,500');
    expect(cbd).toHaveTextContent('Same day');
    expect(cbd).toHaveTextContent('Town, Ngara');
    expect(nakuru).toHaveTextContent('KES 9,500.5');
    expect(nakuru).toHaveTextContent('3 days');
    expect(nakuru).not.toHaveTextContent('Places');
    expect(thika).toHaveTextContent('1 day');
    expect(within(section).getByRole('switch', { name: 'Customers may collect their order' })).toBeChecked();
    expect(within(section).getByLabelText('Where customers collect')).toHaveValue(pickup.location);
    expect(within(section).getByLabelText('Ready after (days)')).toHaveValue('1');
  });

  it('says when there is no zone yet and still offers to add one', async () => {
    renderSection({ zones: [] });
    const section = await delivery();
    expect(within(section).getByText('No delivery zones yet.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add delivery zone' })).toBeInTheDocument();
  });

  it('is hidden entirely when the backend has no delivery zones (404)', async () => {
    const { calls } = renderSection({ missing: true });
    await waitFor(() => expect(calls).toContain('GET /api/delivery-zones'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adding: empty and wrong entries are named under their fields and nothing is sent; valid ones are saved', async () => {
    const user = userEvent.setup();
    const { writes } = renderSection();
    const section = await delivery();
    await user.click(within(section).getByRole('button', { name: 'Add delivery zone' }));
    const form = within(section).getByRole('form', { name: 'New delivery zone' });
    const name = within(form).getByLabelText('Zone name');
    const fee = within(form).getByLabelText('Fee (KES)');
    const days = within(form).getByLabelText('Lead time (days)');
    // The form opens where the button was, with the keyboard in its first field.
    await waitFor(() => expect(name).toHaveFocus());

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText(/Enter the fee in KES/)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await user.type(name, 'Kitengela');
    await user.type(fee, '35.505');
    await user.clear(days);
    await user.type(days, '61');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/Enter the fee in KES/)).toBeInTheDocument();
    expect(within(form).getByText('Lead time must be a whole number of days from 0 to 60')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.clear(fee);
    await user.type(fee, '3,500');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/Enter the fee in KES/)).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '3500');
    await user.clear(days);
    await user.type(days, '2');
    await user.type(within(form).getByLabelText('Other places in the zone'), 'Isinya, , Athi River ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery zone saved')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        key: 'POST /api/delivery-zones',
        body: { name: 'Kitengela', places: ['Isinya', 'Athi River'], fee: 3500, leadDays: 2 },
      },
    ]);
    await waitFor(() => expect(names(section)).toEqual(['Kitengela', 'Nairobi CBD', 'Nakuru', 'Thika']));
    expect(within(section).queryByRole('form', { name: 'New delivery zone' })).not.toBeInTheDocument();
  });

  it('a refusal from the server (a name taken) shows its message in words and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderSection({ refuse: { status: 409, message: 'There is already a delivery zone named "Thika"' } });
    const section = await delivery();
    await user.click(within(section).getByRole('button', { name: 'Add delivery zone' }));
    const form = within(section).getByRole('form', { name: 'New delivery zone' });
    await user.type(within(form).getByLabelText('Zone name'), 'THIKA');
    await user.type(within(form).getByLabelText('Other places in the zone'), 'Juja');
    await user.type(within(form).getByLabelText('Fee (KES)'), '4000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('There is already a delivery zone named "Thika"');
    expect(within(form).getByLabelText('Zone name')).toHaveValue('THIKA');
    expect(within(form).getByLabelText('Other places in the zone')).toHaveValue('Juja');
    expect(within(form).getByLabelText('Fee (KES)')).toHaveValue('4000');
    expect(within(form).getByLabelText('Lead time (days)')).toHaveValue('1');
  });

  it('editing sends PATCH for that zone and shows the change', async () => {
    const user = userEvent.setup();
    const { writes } = renderSection();
    const section = await delivery();
    await user.click(within(section).getByRole('button', { name: 'Edit Nakuru' }));
    const form = within(section).getByRole('form', { name: 'Edit Nakuru' });
    const fee = within(form).getByLabelText('Fee (KES)');
    expect(fee).toHaveValue('9500.5');
    await user.clear(fee);
    await user.type(fee, '9800');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery zone saved')).toBeInTheDocument();
    expect(writes()).toEqual([
      { key: 'PATCH /api/delivery-zones/2', body: { name: 'Nakuru', places: [], fee: 9800, leadDays: 3 } },
    ]);
    await waitFor(() => expect(within(section).getAllByRole('listitem')[1]).toHaveTextContent('KES 9,800'));
  });

  it('deleting asks in a dialog first; Cancel sends nothing, Delete sends DELETE', async () => {
    const user = userEvent.setup();
    const { writes } = renderSection();
    const section = await delivery();
    await user.click(within(section).getByRole('button', { name: 'Delete Thika' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete delivery zone' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Delete Thika' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delivery zone deleted')).toBeInTheDocument();
    expect(writes()).toEqual([{ key: 'DELETE /api/delivery-zones/3', body: undefined }]);
    await waitFor(() => expect(names(section)).toEqual(['Nairobi CBD', 'Nakuru']));
  });

  it('pickup: on needs a location; Save sends the settings; a refusal keeps what was typed', async () => {
    const user = userEvent.setup();
    const { writes } = renderSection();
    const section = await delivery();
    const form = within(section).getByRole('form', { name: 'Pickup' });
    const location = within(form).getByLabelText('Where customers collect');
    await user.clear(location);
    await user.click(within(form).getByRole('button', { name: 'Save pickup' }));
    expect(
      await within(form).findByText('Say where customers collect their order, or turn pickup off'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.type(location, 'Our showroom, Westlands');
    await user.click(within(form).getByRole('button', { name: 'Save pickup' }));
    expect(await screen.findByText('Pickup settings saved')).toBeInTheDocument();
    expect(writes()).toEqual([
      { key: 'PUT /api/delivery-pickup', body: { enabled: true, location: 'Our showroom, Westlands', leadDays: 1 } },
    ]);
  });

  it('a refused pickup save says why and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderSection({ refuse: { status: 400, message: 'Say where customers collect their order, or turn pickup off' } });
    const section = await delivery();
    const form = within(section).getByRole('form', { name: 'Pickup' });
    await user.click(within(form).getByRole('switch', { name: 'Customers may collect their order' }));
    const days = within(form).getByLabelText('Ready after (days)');
    await user.clear(days);
    await user.type(days, '2');
    await user.click(within(form).getByRole('button', { name: 'Save pickup' }));
    expect(await screen.findByText('Pickup settings not saved')).toBeInTheDocument();
    expect(days).toHaveValue('2');
    expect(within(form).getByRole('switch', { name: 'Customers may collect their order' })).not.toBeChecked();
  });
});
