import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BotSettings } from '../../../api/generated/model/botSettings';
import type { FollowUpSettings } from '../../../api/generated/model/followUpSettings';
import type { Product } from '../../../api/generated/model/product';
import { setContractCheckMode } from '../../../api/mutator';
import { BotSettingsSection } from '../components/bot-settings-section';
import { SettingsPage } from '../settings-page';
import { json, renderRoutes, stubApi } from '../../../test/render';

const week = (): BotSettings['businessHours']['days'] => [
  { day: 'monday', open: true, from: '08:00', to: '18:00' },
  { day: 'tuesday', open: true, from: '08:00', to: '18:00' },
  { day: 'wednesday', open: true, from: '08:00', to: '18:00' },
  { day: 'thursday', open: true, from: '08:00', to: '18:00' },
  { day: 'friday', open: true, from: '08:00', to: '18:00' },
  { day: 'saturday', open: true, from: '09:00', to: '14:00' },
  { day: 'sunday', open: false, from: '09:00', to: '13:00' },
];

/** openapi.yaml's BotSettingsConfigured example. */
const configured: BotSettings = {
  enabled: true,
  greeting: 'Karibu Stone & Sinks! Tell me what you are looking for and I will send prices and pictures.',
  bargaining: { maxRounds: 2, lowestPricePercent: 92, productLimits: [{ productId: 1, lowestPrice: 8000 }] },
  businessHours: { enabled: true, timezone: 'Africa/Nairobi', days: week() },
  outOfHoursMessage: 'Asante for writing! We are closed now and will reply from 8 am.',
};

const product = (id: number, name: string, startingPrice: number): Product => ({
  id,
  name,
  category: 'granite',
  startingPrice,
  endingPrice: startingPrice + 2000,
  stock: 10,
  isActive: true,
  installationImageUrls: [],
});
const products = [
  product(1, 'Absolute Black Granite', 8500),
  product(2, 'Carrara White Marble', 12000),
  product(3, 'Double Bowl Steel Sink', 15000),
];

type Options = {
  settings?: BotSettings;
  /** The GET's status when not 200 (404: a backend without the bot). */
  getStatus?: number;
  /** The PUT's answer when it refuses. */
  refuse?: { status: number; message: string };
  catalogue?: Product[];
};

/** The section (or the whole screen) against a stub API; PUT bodies are kept in `sent`. */
function render(options: Options = {}, element = <BotSettingsSection />) {
  let stored = options.settings ?? configured;
  let getStatus = options.getStatus;
  const sent: BotSettings[] = [];
  const { fetchStub, calls } = stubApi({
    'GET /api/bot/settings': () =>
      getStatus
        ? json(getStatus, { message: getStatus === 404 ? 'Not found' : 'Something went wrong' })
        : json(200, stored),
    'PUT /api/bot/settings': () =>
      options.refuse ? json(options.refuse.status, { message: options.refuse.message }) : json(200, stored),
    'GET /api/products': () => json(200, options.catalogue ?? products),
    'GET /api/follow-ups/settings': () =>
      json(200, {
        enabled: true,
        hoursUntilFollowUp: 24,
        followUpMessage: 'Still interested?',
      } satisfies FollowUpSettings),
    'GET /api/quick-replies': () => json(200, []),
    'GET /api/message-templates': () => json(200, []),
    // The Business section has tests of its own (business-section.test.tsx).
    'GET /api/business': () => json(404, { message: 'Not found' }),
    'GET /api/delivery-zones': () => json(404, { message: 'Not found' }),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as BotSettings;
        sent.push(body);
        if (!options.refuse) stored = body;
      }
      return fetchStub(input, init);
    }),
  );
  const utils = renderRoutes(
    [
      { path: '/settings', element },
      { path: '/products', element: <p>products screen</p> },
    ],
    '/settings',
  );
  return { ...utils, calls, sent, answer: (status: number | undefined) => (getStatus = status) };
}

/** The Chatbot section once its form is filled. */
async function chatbot() {
  const section = await screen.findByRole('region', { name: 'Chatbot' });
  await within(section).findByLabelText('Greeting');
  return section;
}

/** Replaces what an input holds with `value`, pasted at once (typing each character is slow). */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

/** The product a row's picker shows. */
const shownProduct = (row: HTMLElement) => row.querySelector('.p-dropdown-label')?.textContent;

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save chatbot settings' }));

afterEach(() => vi.unstubAllGlobals());

describe('Settings: Chatbot', () => {
  it('is filled from the stored settings', async () => {
    render();
    const section = await chatbot();
    const form = within(section);
    expect(form.getByLabelText('Let the bot answer customers')).toBeChecked();
    expect(form.getByLabelText('Greeting')).toHaveValue(configured.greeting);
    expect(form.getByLabelText('Rounds of bargaining (0-10)')).toHaveValue(2);
    expect(form.getByLabelText('Lowest price (% of the starting price) (50-100)')).toHaveValue(92);
    expect(form.getByText(/The bot never offers below 92 % of a product's starting price/)).toBeInTheDocument();
    expect(form.getByText(/up to 2 counter-offers/)).toBeInTheDocument();
    // The product's row names it once the catalogue has loaded.
    const row = form.getAllByRole('listitem').find((item) => within(item).queryByLabelText('Lowest price (KES)'))!;
    await waitFor(() => expect(shownProduct(row)).toBe('Absolute Black Granite'));
    expect(within(row).getByLabelText('Lowest price (KES)')).toHaveValue(8000);
    expect(within(row).getByText('Starting price KES 8,500')).toBeInTheDocument();
    expect(
      form.getByRole('button', { name: 'Remove the lowest price for Absolute Black Granite' }),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Use business hours')).toBeChecked();
    expect(form.getByLabelText('Use business hours')).toHaveAccessibleDescription(
      /^The bot tells customers these hours when they ask\./,
    );
    expect(form.getByLabelText('Time zone')).toHaveValue('Africa/Nairobi');
    expect(form.getByLabelText('Open on Monday')).toBeChecked();
    expect(form.getByLabelText('Opens on Monday')).toHaveValue('08:00');
    expect(form.getByLabelText('Closes on Saturday')).toHaveValue('14:00');
    expect(form.getByLabelText('Open on Sunday')).not.toBeChecked();
    expect(form.getByLabelText('Out-of-hours message')).toHaveValue(configured.outOfHoursMessage);
  });

  it("shows one row per day from Monday when a backend's days are out of order, twice or missing", async () => {
    // Such a week breaks the contract: in production the answer is only warned about and used.
    setContractCheckMode('warn');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => {
      setContractCheckMode('strict');
      warn.mockRestore();
    });
    const [monday, , , , friday, saturday] = week();
    const days = [saturday, monday, { ...monday, from: '06:00' }, friday, saturday, monday, friday];
    render({
      settings: {
        ...configured,
        businessHours: { ...configured.businessHours, days: days as BotSettings['businessHours']['days'] },
      },
    });
    const form = within(await chatbot());
    const rows = form.getByRole('list', { name: 'Opening hours' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.querySelector('.bot-day-name')?.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    // The first entry of a day counts; a missing day is closed.
    expect(form.getByLabelText('Opens on Monday')).toHaveValue('08:00');
    expect(form.getByLabelText('Open on Tuesday')).not.toBeChecked();
    expect(form.getByLabelText('Closes on Saturday')).toHaveValue('14:00');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('getBotSettings'));
  });

  it('sits after the follow-up form and before Quick replies', async () => {
    render({}, <SettingsPage />);
    await chatbot();
    await screen.findByRole('heading', { name: 'Quick replies' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Automated Follow-up System', 'Chatbot', 'Quick replies', 'Message templates']);
  });

  it('is hidden when the backend has no bot (404)', async () => {
    const { calls } = render({ getStatus: 404 }, <SettingsPage />);
    expect(await screen.findByLabelText('Follow-up Message')).toHaveValue('Still interested?');
    await screen.findByRole('heading', { name: 'Quick replies' });
    await waitFor(() => expect(calls).toContain('GET /api/bot/settings'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Chatbot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save chatbot settings' })).not.toBeInTheDocument();
    expect(screen.queryByText(/chatbot settings/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Nothing else is asked for a section that is not there.
    expect(calls).not.toContain('GET /api/products');
  });

  it('says when the settings could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    const { answer } = render({ getStatus: 500 });
    const section = await screen.findByRole('region', { name: 'Chatbot' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to load chatbot settings');
    answer(undefined);
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByLabelText('Greeting')).toHaveValue(configured.greeting);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names what is wrong under each field, sends nothing and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { sent } = render();
    const section = await chatbot();
    const form = within(section);
    await fill(user, form.getByLabelText('Greeting'), '   ');
    await fill(user, form.getByLabelText('Rounds of bargaining (0-10)'), '11');
    await fill(user, form.getByLabelText('Lowest price (% of the starting price) (50-100)'), '40');
    await fill(user, form.getByLabelText('Lowest price (KES)'), '12.345');
    await fill(user, form.getByLabelText('Time zone'), 'Mars/Olympus');
    fireEvent.change(form.getByLabelText('Closes on Monday'), { target: { value: '07:30' } });
    fireEvent.change(form.getByLabelText('Opens on Tuesday'), { target: { value: '' } });
    await user.clear(form.getByLabelText('Out-of-hours message'));
    await save(user);

    expect(await form.findByText('Closing time must be after opening time on Monday')).toBeInTheDocument();
    expect(form.getByText('Write the greeting the bot answers with')).toBeInTheDocument();
    expect(form.getByText('Rounds of bargaining must be a whole number from 0 to 10')).toBeInTheDocument();
    expect(
      form.getByText('The lowest price must be a whole number from 50 to 100 (% of the starting price)'),
    ).toBeInTheDocument();
    expect(
      form.getByText('Enter an amount in KES of 0 or more with at most two decimals, e.g. 8500 or 8500.50'),
    ).toBeInTheDocument();
    expect(form.getByText('Unknown time zone: Mars/Olympus')).toBeInTheDocument();
    expect(form.getByText('Enter the opening time on Tuesday as HH:MM')).toBeInTheDocument();
    expect(form.getByText('Write the message customers get out of hours')).toBeInTheDocument();
    // Tied to their inputs, which say they are invalid.
    const monday = form.getByLabelText('Closes on Monday');
    expect(monday).toHaveAttribute('aria-invalid', 'true');
    expect(monday).toHaveAccessibleDescription('Closing time must be after opening time on Monday');
    expect(form.getByLabelText('Time zone')).toHaveAccessibleDescription(
      'A time zone name such as Africa/Nairobi. Unknown time zone: Mars/Olympus',
    );
    // The first field in error has the focus.
    expect(form.getByLabelText('Greeting')).toHaveFocus();

    expect(sent).toHaveLength(0);
    expect(form.getByLabelText('Rounds of bargaining (0-10)')).toHaveValue(11);
    expect(form.getByLabelText('Time zone')).toHaveValue('Mars/Olympus');
    expect(monday).toHaveValue('07:30');

    // Put right, the message goes as soon as the field is.
    fireEvent.change(monday, { target: { value: '17:30' } });
    await waitFor(() =>
      expect(form.queryByText('Closing time must be after opening time on Monday')).not.toBeInTheDocument(),
    );
  });

  it('a day that is closed may close before it opens: only open days are checked', async () => {
    const user = userEvent.setup();
    const { sent } = render();
    const section = await chatbot();
    fireEvent.change(within(section).getByLabelText('Closes on Sunday'), { target: { value: '08:00' } });
    await save(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].businessHours.days[6]).toEqual({ day: 'sunday', open: false, from: '09:00', to: '08:00' });
  });

  it('sends the settings as edited and says they were saved', async () => {
    const user = userEvent.setup();
    const { sent } = render();
    const section = await chatbot();
    const form = within(section);
    const rows = () => form.getAllByRole('listitem').filter((item) => within(item).queryByLabelText('Product'));
    await waitFor(() => expect(shownProduct(rows()[0])).toBe('Absolute Black Granite'));

    await user.click(form.getByLabelText('Let the bot answer customers'));
    expect(form.getByText(/Off: the bot answers nothing itself/)).toBeInTheDocument();
    await fill(user, form.getByLabelText('Greeting'), '  Habari! Karibu sana.  ');
    await fill(user, form.getByLabelText('Rounds of bargaining (0-10)'), '0');
    expect(form.getByText('Prices are fixed: the bot does not bargain.')).toBeInTheDocument();
    await fill(user, form.getByLabelText('Lowest price (% of the starting price) (50-100)'), '85');
    expect(form.getByText(/The bot never offers below 85 % of a product's starting price/)).toBeInTheDocument();

    // A second product: the one already chosen is not offered again.
    await user.click(form.getByRole('button', { name: 'Add a product' }));
    expect(rows()).toHaveLength(2);
    expect(shownProduct(rows()[1])).toBe('Select a product');
    await user.click(rows()[1].querySelector('.p-dropdown')!);
    // (jsdom cannot place the panel, which PrimeReact then leaves undisplayed.)
    await waitFor(() => expect(document.querySelector('.p-dropdown-panel [role="listbox"]')).not.toBeNull());
    const listbox = document.querySelector<HTMLElement>('.p-dropdown-panel [role="listbox"]')!;
    expect(within(listbox).queryByRole('option', { name: 'Absolute Black Granite', hidden: true })).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: 'Double Bowl Steel Sink', hidden: true }));
    expect(shownProduct(rows()[1])).toBe('Double Bowl Steel Sink');
    await user.type(within(rows()[1]).getByLabelText('Lowest price (KES)'), '13500.5');
    // The first row goes.
    await user.click(form.getByRole('button', { name: 'Remove the lowest price for Absolute Black Granite' }));
    expect(rows()).toHaveLength(1);

    await user.click(form.getByLabelText('Use business hours'));
    await user.click(form.getByLabelText('Open on Sunday'));
    fireEvent.change(form.getByLabelText('Closes on Saturday'), { target: { value: '16:00' } });
    await fill(user, form.getByLabelText('Time zone'), 'Africa/Kampala');
    await fill(user, form.getByLabelText('Out-of-hours message'), 'Tumefunga. We reply from 8 am.');
    await save(user);

    expect(await screen.findByText('Chatbot settings saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        enabled: false,
        greeting: 'Habari! Karibu sana.',
        bargaining: { maxRounds: 0, lowestPricePercent: 85, productLimits: [{ productId: 3, lowestPrice: 13500.5 }] },
        businessHours: {
          enabled: false,
          timezone: 'Africa/Kampala',
          days: week().map((day) =>
            day.day === 'sunday' ? { ...day, open: true } : day.day === 'saturday' ? { ...day, to: '16:00' } : day,
          ),
        },
        outOfHoursMessage: 'Tumefunga. We reply from 8 am.',
      },
    ]);
    // What was typed stays on screen.
    expect(form.getByLabelText('Greeting')).toHaveValue('  Habari! Karibu sana.  ');
  });

  it('shows, checks and sends the Swahili greeting and out-of-hours message when the backend has them', async () => {
    const user = userEvent.setup();
    const swahili: BotSettings = {
      ...configured,
      greetingSw: 'Karibu Stone & Sinks! Niambie unachotafuta nami nitakutumia bei na picha.',
      outOfHoursMessageSw: 'Asante kwa kutuandikia! Tumefunga kwa sasa; tutakujibu kuanzia saa mbili asubuhi.',
    };
    const { sent } = render({ settings: swahili });
    const form = within(await chatbot());
    expect(form.getByLabelText('Greeting')).toHaveValue(swahili.greeting);
    expect(form.getByLabelText('Greeting (Swahili)')).toHaveValue(swahili.greetingSw);
    expect(form.getByLabelText('Greeting (Swahili)')).toHaveAccessibleDescription(
      "The bot's answer to a hello from a customer writing Swahili or Sheng.",
    );
    expect(form.getByLabelText('Out-of-hours message (Swahili)')).toHaveValue(swahili.outOfHoursMessageSw);

    // The English texts' limits: not blank, at most 500 characters.
    await user.clear(form.getByLabelText('Greeting (Swahili)'));
    await fill(user, form.getByLabelText('Out-of-hours message (Swahili)'), 'x'.repeat(501));
    await save(user);
    expect(await form.findByText('Write the greeting the bot answers Swahili with')).toBeInTheDocument();
    expect(form.getByText('Use at most 500 characters')).toBeInTheDocument();
    expect(form.getByLabelText('Greeting (Swahili)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await fill(user, form.getByLabelText('Greeting (Swahili)'), '  Habari! Karibu sana.  ');
    await fill(user, form.getByLabelText('Out-of-hours message (Swahili)'), 'Tumefunga; tutakujibu kesho.');
    await save(user);
    expect(await screen.findByText('Chatbot settings saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { ...swahili, greetingSw: 'Habari! Karibu sana.', outOfHoursMessageSw: 'Tumefunga; tutakujibu kesho.' },
    ]);
  });

  it("hides the Swahili fields when the backend's settings lack them, and sends none", async () => {
    const user = userEvent.setup();
    const { sent } = render();
    const form = within(await chatbot());
    expect(form.getByLabelText('Out-of-hours message')).toBeInTheDocument();
    expect(form.queryByLabelText('Greeting (Swahili)')).not.toBeInTheDocument();
    expect(form.queryByLabelText('Out-of-hours message (Swahili)')).not.toBeInTheDocument();
    await save(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('greetingSw');
    expect(sent[0]).not.toHaveProperty('outOfHoursMessageSw');
  });

  it('refuses two rows for one product and a product the catalogue no longer has', async () => {
    const user = userEvent.setup();
    const { sent } = render({
      settings: {
        ...configured,
        bargaining: {
          ...configured.bargaining,
          productLimits: [
            { productId: 1, lowestPrice: 8000 },
            { productId: 1, lowestPrice: 7500 },
            { productId: 99, lowestPrice: 5000 },
          ],
        },
      },
    });
    const section = await chatbot();
    const form = within(section);
    const rows = () => form.getAllByRole('listitem').filter((item) => within(item).queryByLabelText('Product'));
    await waitFor(() => expect(shownProduct(rows()[0])).toBe('Absolute Black Granite'));
    expect(shownProduct(rows()[2])).toBe('Product 99');
    await save(user);
    expect(
      await form.findByText('This product already has a lowest price above: keep one row per product'),
    ).toBeInTheDocument();
    expect(form.getByText('Product 99 is no longer in the catalogue: remove this row')).toBeInTheDocument();
    expect(within(rows()[2]).getByLabelText('Product')).toHaveAccessibleDescription(
      'Product 99 is no longer in the catalogue: remove this row',
    );
    expect(sent).toHaveLength(0);
    await user.click(form.getByRole('button', { name: 'Remove the lowest price for Product 99' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(rows()[1]).getByRole('button', { name: /^Remove the lowest price/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    // Checked again as it changes, once a save has been tried: the messages go.
    await waitFor(() => expect(section.querySelector('.field-error')).toBeNull());
    await save(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].bargaining.productLimits).toEqual([{ productId: 1, lowestPrice: 8000 }]);
  });

  it('a new row without a product asks for one', async () => {
    const user = userEvent.setup();
    const { sent } = render();
    const section = await chatbot();
    const form = within(section);
    await user.click(form.getByRole('button', { name: 'Add a product' }));
    await save(user);
    expect(await form.findByText('Choose the product for this row')).toBeInTheDocument();
    expect(
      form.getAllByText('Enter an amount in KES of 0 or more with at most two decimals, e.g. 8500 or 8500.50'),
    ).toHaveLength(1);
    expect(sent).toHaveLength(0);
  });

  it('a refused save shows the server message and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { sent } = render({ refuse: { status: 400, message: 'Product 1 does not exist' } });
    const section = await chatbot();
    const form = within(section);
    await fill(user, form.getByLabelText('Greeting'), 'Hello there');
    await save(user);
    expect(await screen.findByText('Product 1 does not exist')).toBeInTheDocument();
    expect(screen.getByText('Chatbot settings not saved')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(form.getByLabelText('Greeting')).toHaveValue('Hello there');
    expect(form.getByRole('button', { name: 'Save chatbot settings' })).toBeEnabled();
  });

  it('a double click sends once, and the button says it is saving', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    const { fetchStub, calls } = stubApi({
      'GET /api/bot/settings': () => json(200, configured),
      'GET /api/products': () => json(200, products),
      'PUT /api/bot/settings': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    vi.stubGlobal('fetch', vi.fn(fetchStub));
    renderRoutes([{ path: '/settings', element: <BotSettingsSection /> }], '/settings');
    await chatbot();
    await user.dblClick(screen.getByRole('button', { name: 'Save chatbot settings' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    await user.click(saving);
    release(json(200, configured));
    expect(await screen.findByText('Chatbot settings saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save chatbot settings' })).toBeEnabled();
    expect(calls.filter((call) => call === 'PUT /api/bot/settings')).toHaveLength(1);
  });
});

describe('leaving the settings screen', () => {
  const UNSAVED = 'You have unsaved changes. If you leave this page, they will be lost.';

  it('asks first when the chatbot settings have unsaved changes, and keeps them on Keep editing', async () => {
    const user = userEvent.setup();
    const { router } = render({}, <SettingsPage />);
    const form = within(await chatbot());
    await fill(user, form.getByLabelText('Greeting'), 'Habari! Half-typed');
    await act(() => router.navigate('/products'));
    expect(await screen.findByText(UNSAVED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(form.getByLabelText('Greeting')).toHaveValue('Habari! Half-typed');
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('lets you leave without asking when nothing was changed, or once the changes are saved', async () => {
    const user = userEvent.setup();
    const { router } = render({}, <SettingsPage />);
    const form = within(await chatbot());
    await fill(user, form.getByLabelText('Greeting'), 'Habari! Karibu.');
    await save(user);
    expect(await screen.findByText('Chatbot settings saved')).toBeInTheDocument();
    await act(() => router.navigate('/products'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(screen.queryByText(UNSAVED)).not.toBeInTheDocument();
  });
});
