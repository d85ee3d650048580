import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { queryKeys } from '@/lib/query-keys';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import type { MonthFigures, TotpSetup, VendorFactorOn, VendorMe, VendorProposal, VendorStats } from '../types';

import { VendorHomePage } from './vendor-home-page';

const signedOut = { status: 401, body: { error: 'You are not signed in to a vendor account. Please sign in to continue.' } };

const me: VendorMe = {
  account: { id: 3, name: 'Ana Ruiz', email: 'ana@supio.test', hasFactor: false, recoveryCodesLeft: 0 },
  listing: {
    id: 44,
    name: 'Supio',
    websiteUrl: 'https://www.supio.test/',
    bookingUrl: 'https://supio.test/demo',
    logoUrl: '/api/logos/44/5e1f',
    description: 'Demand drafting.',
    shortHighlights: ['Drafts demands'],
    integrations: [],
    facts: {
      website: { kind: 'page', url: 'https://www.supio.test/', checkedOn: '2026-11-25' },
      bookingLink: { kind: 'vendor', vendor: 'Supio', on: '2026-11-20' },
      security: { hipaaBaa: { value: true, provenance: { kind: 'vendor', vendor: 'Supio', on: '2026-11-20' } } },
    },
  },
  unread: 1,
};

const openProposal: VendorProposal = {
  id: 9,
  vendorId: 44,
  vendorName: 'Supio',
  byName: 'Ana Ruiz',
  submittedAt: '2026-11-24T10:00:00Z',
  status: 'open',
  changes: [{ field: 'bookingUrl', label: 'Booking link', current: 'https://supio.test/demo', proposed: 'https://supio.test/book' }],
};

const rejected: VendorProposal = {
  ...openProposal,
  id: 8,
  status: 'rejected',
  decidedAt: '2026-11-23T10:00:00Z',
  reason: 'The page does not say so.',
  changes: [{ field: 'soc2', label: 'SOC 2', current: 'Not stated', proposed: 'Type II' }],
};

/** The last 12 months, newest first (December 2026 back to January 2026), with `figures` by month. */
function stats(figures: Record<string, Partial<MonthFigures>> = {}): VendorStats {
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `2026-${String(12 - i).padStart(2, '0')}`;
    return { month, inProgress: i === 0, firmsViewedProfile: null, firmsOpenedScheduler: null, ...figures[month] };
  });
  return { months, minFirms: 5 };
}

function signedIn(extra: Record<string, { status?: number; body?: unknown } | (() => { status?: number; body?: unknown })> = {}) {
  return mockFetch({
    'GET /api/vendor/me': { body: me },
    'GET /api/vendor/proposals': { body: { items: [openProposal, rejected] } },
    'GET /api/vendor/notices': {
      body: {
        items: [{ id: 1, title: 'Your proposal for Supio is live', body: 'Approved.', createdAt: '2026-11-20T10:00:00Z', read: false }],
      },
    },
    'GET /api/vendor/sessions': {
      body: {
        items: [{ id: 5, device: 'Firefox on Linux', createdAt: '2026-11-24T09:00:00Z', expiresAt: '2026-12-24T09:00:00Z', current: true }],
      },
    },
    'GET /api/vendor/stats': { body: stats() },
    ...extra,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the vendor’s home', () => {
  it('sends a browser without a vendor session to the vendor sign-in, and leaves a firm’s sign-in alone', async () => {
    const { fetchMock, calls } = mockFetch({ 'GET /api/vendor/me': signedOut });
    vi.stubGlobal('fetch', fetchMock);
    const firmUser = testUser('member');
    const { location, queryClient } = renderWithProviders(<VendorHomePage />, { path: '/vendor', user: firmUser });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/vendor/sign-in'));
    expect(calls.some((c) => c.url === '/api/auth/me')).toBe(false);
    // A vendor's 401 is not the end of the firm's session.
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(firmUser);
  });

  it('shows the listing with where each fact came from, the proposals and the notices', async () => {
    vi.stubGlobal('fetch', signedIn().fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    expect(await screen.findByRole('heading', { name: 'Supio', level: 1 })).toBeTruthy();
    expect(screen.getByText('Ana Ruiz')).toBeTruthy();

    const listing = screen.getByRole('region', { name: 'Your listing as firms see it' });
    expect(within(listing).getAllByText('Supplied by Supio on Nov 20, 2026')).toHaveLength(2);
    expect(within(listing).getByText('Signs a BAA')).toBeTruthy();
    expect(within(listing).getAllByText('Not stated').length).toBeGreaterThan(0);

    const proposals = screen.getByRole('region', { name: 'Your proposals' });
    const items = await within(proposals).findAllByRole('listitem');
    expect(within(proposals).getByText('Waiting for review')).toBeTruthy();
    expect(within(proposals).getByText('https://supio.test/demo → https://supio.test/book', { exact: false })).toBeTruthy();
    expect(within(proposals).getByText('Not approved')).toBeTruthy();
    expect(within(proposals).getByText('The page does not say so.', { exact: false })).toBeTruthy();
    expect(items.length).toBeGreaterThanOrEqual(2);
    // Only the open one can be withdrawn.
    expect(within(proposals).getAllByRole('button', { name: /^Withdraw/ })).toHaveLength(1);

    const notices = screen.getByRole('region', { name: 'Notices (1 new)' });
    expect(await within(notices).findByText('Your proposal for Supio is live')).toBeTruthy();
  });

  it('proposes only the fields the person changed', async () => {
    const { fetchMock, calls } = signedIn({ 'POST /api/vendor/proposals': { status: 201, body: openProposal } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const form = await screen.findByRole('form', { name: 'Propose a change' });
    const booking = within(form).getByLabelText('Booking link');
    await userEvent.clear(booking);
    await userEvent.type(booking, 'https://supio.test/book');
    await userEvent.selectOptions(within(form).getByLabelText('Trains AI on customer data'), 'no');
    await userEvent.click(within(form).getByRole('button', { name: 'Send for review' }));

    expect((await within(form).findByRole('status')).textContent).toMatch(/Sent for review/);
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/vendor/proposals')?.body).toEqual({
      bookingUrl: 'https://supio.test/book',
      facts: { aiTraining: false },
    });
    // The form is back to the listing as it stands.
    expect((within(form).getByLabelText('Booking link') as HTMLInputElement).value).toBe('https://supio.test/demo');
  });

  it('asks for a change before sending a proposal that changes nothing', async () => {
    const { fetchMock, calls } = signedIn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const form = await screen.findByRole('form', { name: 'Propose a change' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect(within(form).getByRole('alert').textContent).toBe('Change a field first: a proposal sends only what you change.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it.each([
    [400, 'bookingUrl: a link must be an http(s) address'],
    [409, 'Your listing has 10 proposals waiting for the operator: withdraw one, or wait for a decision'],
    [401, 'You are not signed in to a vendor account. Please sign in to continue.'],
  ])('shows the server’s refusal of a proposal (%i) as its own words', async (status, error) => {
    vi.stubGlobal('fetch', signedIn({ 'POST /api/vendor/proposals': { status, body: { error } } }).fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const form = await screen.findByRole('form', { name: 'Propose a change' });
    const booking = within(form).getByLabelText('Booking link');
    await userEvent.clear(booking);
    await userEvent.type(booking, 'javascript:alert(1)');
    await userEvent.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(error);
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it('withdraws an open proposal, and shows the server’s words when it cannot', async () => {
    const { fetchMock, calls } = signedIn({
      'POST /api/vendor/proposals/9/withdraw': { status: 409, body: { error: 'This proposal was decided already' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const proposals = await screen.findByRole('region', { name: 'Your proposals' });
    await userEvent.click(await within(proposals).findByRole('button', { name: /^Withdraw/ }));
    expect((await within(proposals).findByRole('alert')).textContent).toBe('This proposal was decided already');
    expect(calls.some((c) => c.url === '/api/vendor/proposals/9/withdraw')).toBe(true);
  });

  it('shows the listing’s logo, the copy Litstack serves, beside its name', async () => {
    vi.stubGlobal('fetch', signedIn().fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const listing = await screen.findByRole('region', { name: 'Your listing as firms see it' });
    const logo = within(listing).getByRole('img', { name: 'Supio logo' });
    expect(logo.getAttribute('src')).toBe('/api/logos/44/5e1f');
    expect(logo.closest('div')?.parentElement?.textContent).toContain('Supio');
  });

  it('proposes a logo link only when one is typed, and refuses one that is not an http(s) address before sending', async () => {
    const { fetchMock, calls } = signedIn({ 'POST /api/vendor/proposals': { status: 201, body: openProposal } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const form = await screen.findByRole('form', { name: 'Propose a change' });
    const logo = within(form).getByLabelText('Logo link') as HTMLInputElement;
    // It starts empty: the logo firms see is Litstack's copy, not a link to edit.
    expect(logo.value).toBe('');
    expect(logo.type).toBe('url');
    expect(
      within(form).getByText(/^A PNG, JPEG, GIF or WebP image of at most 512 KB\. Litstack copies it when the operator approves/),
    ).toBeTruthy();

    await userEvent.type(logo, 'javascript:alert(1)');
    await userEvent.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect(within(form).getByText('Enter an address starting with http:// or https://, or leave it empty.')).toBeTruthy();
    expect(logo.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(logo);
    await userEvent.type(logo, ' https://supio.test/logo.png ');
    expect(within(form).queryByText('Enter an address starting with http:// or https://, or leave it empty.')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect((await within(form).findByRole('status')).textContent).toMatch(/Sent for review/);
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/vendor/proposals')?.body).toEqual({
      logoUrl: 'https://supio.test/logo.png',
    });
    expect(logo.value).toBe('');
  });

  it('shows the firms by closed month, a month in progress and a figure too few firms made up as such', async () => {
    const figures = stats({
      '2026-11': { firmsViewedProfile: 1208, firmsOpenedScheduler: null },
      '2026-10': { firmsViewedProfile: 64, firmsOpenedScheduler: 7 },
    });
    vi.stubGlobal('fetch', signedIn({ 'GET /api/vendor/stats': { body: figures } }).fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const section = await screen.findByRole('region', { name: "Your listing's figures" });
    expect(
      within(section).getByText(
        'How many verified firms opened your profile, and your scheduler, each month: a firm counts once however often its people look. A month shows once it has ended and 5 or more firms did; Litstack never tells you which firms.',
      ),
    ).toBeTruthy();
    const table = await within(section).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows[0]).toEqual(['Month', 'Firms that viewed your profile', 'Firms that opened your scheduler']);
    // All 12 months, newest first, once any has a figure.
    expect(rows).toHaveLength(13);
    expect(rows[1]).toEqual(['December 2026', 'In progress', 'In progress']);
    expect(rows[2]).toEqual(['November 2026', '1,208', 'Fewer than 5 firms']);
    expect(rows[3]).toEqual(['October 2026', '64', '7']);
    expect(rows[12]?.[0]).toBe('January 2026');
    // After the listing, before the proposal form.
    const order = (a: Element, b: Element) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(order(screen.getByRole('region', { name: 'Your listing as firms see it' }), section)).toBeTruthy();
    expect(order(section, screen.getByRole('region', { name: 'Propose a change' }))).toBeTruthy();
  });

  it('says no month has figures yet, with no table, until one has', async () => {
    vi.stubGlobal('fetch', signedIn().fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const section = await screen.findByRole('region', { name: "Your listing's figures" });
    expect(
      await within(section).findByText(
        'No month has figures yet: a month shows once it has ended and 5 or more verified firms opened your profile or scheduler in it.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says when the figures cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      signedIn({ 'GET /api/vendor/stats': { status: 500, body: { error: 'Something went wrong on our side.' } } }).fetchMock,
    );
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const section = await screen.findByRole('region', { name: "Your listing's figures" });
    expect((await within(section).findByRole('alert')).textContent).toBe('Something went wrong on our side.');
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('marks the notices read', async () => {
    let read = false;
    const { fetchMock, calls } = signedIn({
      'POST /api/vendor/notices/read': () => {
        read = true;
        return { status: 204 };
      },
      'GET /api/vendor/me': () => ({ body: { ...me, unread: read ? 0 : 1 } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const notices = await screen.findByRole('region', { name: 'Notices (1 new)' });
    await userEvent.click(await within(notices).findByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('region', { name: 'Notices' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/vendor/notices/read']);
  });
});

describe('the vendor’s authenticator app', () => {
  const setup: TotpSetup = {
    otpauthUri: 'otpauth://totp/Litstack:ana@supio.test?secret=JBSWY3DPEHPK3PXP&issuer=Litstack',
    qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
    secret: 'JBSWY3DPEHPK3PXP',
  };
  const codes = Array.from({ length: 10 }, (_, i) => `${i}a2b-3c4d-5e6f-7a8b-9c0d`);
  const turnedOn: VendorFactorOn = {
    me: { ...me, account: { ...me.account, hasFactor: true, recoveryCodesLeft: 10 } },
    recoveryCodes: codes,
  };
  const withFactor = (recoveryCodesLeft: number): VendorMe => ({ ...me, account: { ...me.account, hasFactor: true, recoveryCodesLeft } });

  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the ten recovery codes once it is turned on, to copy or download, then how many are left', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { fetchMock, calls } = signedIn({
      'POST /api/vendor/mfa/setup': { body: setup },
      'POST /api/vendor/mfa/confirm': { body: turnedOn },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const security = await screen.findByRole('region', { name: 'Security' });
    await userEvent.click(within(security).getByRole('button', { name: 'Set up an authenticator app' }));
    const form = await within(security).findByRole('form', { name: 'Set up an authenticator app' });
    expect(within(form).getByTestId('vendor-totp-secret').textContent).toBe(setup.secret);
    await userEvent.type(within(form).getByLabelText('Code from the app'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn on' }));

    const list = await within(security).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(within(security).getByRole('status').textContent).toBe('Your authenticator app is on.');
    expect(within(security).getByText(/^Save these recovery codes somewhere safe\..* They are shown only now\.$/)).toBeTruthy();
    expect(within(security).queryByRole('form', { name: 'Set up an authenticator app' })).toBeNull();
    // Until the person says they saved them, the codes stay: no count in their place.
    expect(within(security).queryByText(/recovery codes are left/)).toBeNull();
    expect(calls.find((c) => c.url === '/api/vendor/mfa/confirm')?.body).toEqual({ code: '123456' });

    await userEvent.click(within(security).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]?.[0]).toBe(
      `Litstack recovery codes. Each works once, in place of a code from your app.\n\n${codes.join('\n')}\n`,
    );
    expect(await screen.findByText('The recovery codes are on your clipboard.')).toBeTruthy();
    await userEvent.click(within(security).getByRole('button', { name: 'Download .txt' }));
    expect(downloads).toEqual(['litstack-recovery-codes.txt']);

    await userEvent.click(within(security).getByRole('button', { name: 'I saved them' }));
    expect(within(security).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(security).queryByText(codes[0]!)).toBeNull();
    expect(
      within(security).getByText('On: signing in asks for a code from your authenticator app. 10 recovery codes are left.'),
    ).toBeTruthy();
  });

  it('shows the server’s refusal of a wrong first code, and no recovery codes', async () => {
    const error = "That code is not right. Check that your phone's time is correct, or use one of your recovery codes.";
    vi.stubGlobal(
      'fetch',
      signedIn({ 'POST /api/vendor/mfa/setup': { body: setup }, 'POST /api/vendor/mfa/confirm': { status: 400, body: { error } } })
        .fetchMock,
    );
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const security = await screen.findByRole('region', { name: 'Security' });
    await userEvent.click(within(security).getByRole('button', { name: 'Set up an authenticator app' }));
    const form = await within(security).findByRole('form', { name: 'Set up an authenticator app' });
    await userEvent.type(within(form).getByLabelText('Code from the app'), '000000');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(error);
    expect(within(security).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it.each([
    [10, 'On: signing in asks for a code from your authenticator app. 10 recovery codes are left.'],
    [1, 'On: signing in asks for a code from your authenticator app. 1 recovery code is left.'],
    [0, 'On: signing in asks for a code from your authenticator app. 0 recovery codes are left.'],
  ])('says the app is on and how many recovery codes are left (%i)', async (left, said) => {
    vi.stubGlobal('fetch', signedIn({ 'GET /api/vendor/me': { body: withFactor(left) } }).fetchMock);
    renderWithProviders(<VendorHomePage />, { path: '/vendor' });
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(within(security).getByText(said)).toBeTruthy();
    expect(within(security).queryByRole('button', { name: 'Set up an authenticator app' })).toBeNull();
  });
});
