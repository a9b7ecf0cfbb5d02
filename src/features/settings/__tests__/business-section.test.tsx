// Settings → Business (beyond the spec): the profile quotes print, saved as typed; every
// mistake is named under its field and nothing is sent; a refusal keeps what was typed; a
// logo that is not a small PNG or JPEG is refused before it is sent; a backend without it
// shows no section.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BusinessProfile } from '../../../api/generated/model/businessProfile';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { BusinessSection } from '../components/business-section';

const profile: BusinessProfile = {
  name: 'Stone & Sinks Ltd',
  phone: '+254700123456',
  email: 'sales@example.co.ke',
  address: 'Mombasa Road, Nairobi',
  logoUrl: null,
  quoteDepositPercent: 50,
  quoteValidityDays: 14,
};

function renderSection(answers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(answers);
  const fetchSpy = vi.fn(api.fetchStub);
  vi.stubGlobal('fetch', fetchSpy);
  renderRoutes([{ path: '/settings', element: <BusinessSection /> }], '/settings');
  const sent = (key: string) =>
    fetchSpy.mock.calls
      .filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname}` === key)
      .map(([, init]) => init?.body);
  return { calls: api.calls, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings: Business', () => {
  it('is not shown by a backend without it', async () => {
    const { calls } = renderSection({ 'GET /api/business': () => json(404, { message: 'Not found' }) });
    await waitFor(() => expect(calls).toContain('GET /api/business'));
    await waitFor(() => expect(screen.queryByText('Loading business details...')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Business' })).not.toBeInTheDocument();
  });

  it('saves the details as typed, numbers as numbers', async () => {
    const user = userEvent.setup();
    const { sent } = renderSection({
      'GET /api/business': () => json(200, profile),
      'PUT /api/business': () => json(200, { ...profile, quoteDepositPercent: 30 }),
    });
    const deposit = await screen.findByLabelText('Deposit on a new quote (0-100 %)');
    await user.clear(deposit);
    await user.type(deposit, '30');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(JSON.parse(String(sent('PUT /api/business')[0]))).toEqual({
      ...profile,
      logoUrl: undefined,
      quoteDepositPercent: 30,
    });
  });

  it('names each mistake under its field and sends nothing; a refusal keeps what was typed', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const { calls } = renderSection({
      'GET /api/business': () => json(200, profile),
      'PUT /api/business': () =>
        refuse ? json(400, { message: 'The email address is not valid' }) : json(200, profile),
    });
    const name = await screen.findByLabelText('Business name');
    await user.clear(name);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not an email');
    const validity = screen.getByLabelText('Quote valid for (1-90 days)');
    await user.clear(validity);
    await user.type(validity, '0');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter an email address, or leave it empty')).toBeInTheDocument();
    expect(screen.getByText('Valid for must be a whole number from 1 to 90')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toContain('PUT /api/business');

    refuse = true;
    await user.type(name, 'Stone & Sinks');
    await user.clear(email);
    await user.type(email, 'sales@stone.example');
    await user.clear(validity);
    await user.type(validity, '21');
    await user.click(screen.getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('The email address is not valid')).toBeInTheDocument();
    expect(name).toHaveValue('Stone & Sinks');
    expect(email).toHaveValue('sales@stone.example');
    expect(validity).toHaveValue('21');
  });

  it('uploads a PNG logo and refuses another kind of file before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = renderSection({
      'GET /api/business': () => json(200, profile),
      'POST /api/business/logo': () => json(200, { ...profile, logoUrl: '/api/business/logo/1.png' }),
    });
    const region = await screen.findByRole('region', { name: 'Business' });
    expect(await within(region).findByText('No logo yet: quotes print the business name alone.')).toBeInTheDocument();
    const input = region.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The logo must be a PNG or JPEG image.')).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/business/logo');
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Logo saved')).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /api/business/logo')).toHaveLength(1);
  });
});
