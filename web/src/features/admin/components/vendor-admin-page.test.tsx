import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import type { Vendor } from '@/lib/api/types';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { VendorAdminPage } from './vendor-admin-page';

const user = (isAdmin: boolean) => ({ id: 1, name: 'Ada', email: 'ada@firm.test', lawFirm: 'Lovelace Law', firmSize: null, isAdmin });

const vendor = (id: number, name: string, extra: Partial<Vendor> = {}): Vendor => ({
  id,
  name,
  categoryId: 2,
  categoryName: 'Intake',
  categoryLabel: 'Intake',
  websiteUrl: `https://${id}.example.com`,
  bookingUrl: null,
  logoUrl: null,
  description: '',
  shortHighlights: [],
  integrations: [],
  priceBracket: null,
  isRecommendedPartner: false,
  partnerLevel: null,
  isActive: true,
  firmSizesSupported: [],
  practiceAreasSupported: [],
  tags: [],
  needsReview: false,
  facts: { security: {} },
  ...extra,
});

const page = (items: Vendor[]) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  totalPages: 1,
  partnerCount: 0,
  withoutBookingLink: items.filter((v) => !v.bookingUrl).length,
});

function setup(isAdmin: boolean, patch: { status?: number; body?: unknown } = {}, more: Parameters<typeof mockFetch>[0] = {}) {
  const mock = mockFetch({
    'GET /api/auth/me': { body: { user: user(isAdmin) } },
    'GET /api/vendors': { body: page([vendor(1, 'Avvo'), vendor(2, 'Nolo', { isActive: false, partnerLevel: 'Silver' })]) },
    'PATCH /api/admin/vendors/1': { status: patch.status ?? 200, body: patch.body ?? vendor(1, 'Avvo', { partnerLevel: 'Gold' }) },
    // The shared catalog's section below the table: no feed followed.
    'GET /api/admin/catalog-feed': { body: { schedule: 'never', stale: false, choices: [], servesFeed: false } },
    // The vendors' proposals above the table and their accounts (and invitations) below it: none yet.
    'GET /api/admin/vendor-proposals': { body: { open: [], decided: [] } },
    'GET /api/admin/vendor-accounts': { body: { items: [] } },
    'GET /api/admin/vendor-invitations': { body: { items: [] } },
    // Demo requests counted per vendor, below the accounts: none yet.
    'GET /api/admin/demo-requests': { body: { items: [] } },
    ...more,
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  renderWithProviders(<VendorAdminPage />, { path: '/admin/vendors' });
  return mock;
}

afterEach(() => vi.unstubAllGlobals());

describe('VendorAdminPage', () => {
  test('tells a non-admin that it needs an admin, and lists nothing', async () => {
    const { calls } = setup(false);
    expect(await screen.findByRole('heading', { name: 'Admin access required' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/vendors'))).toBe(false);
  });

  test('puts the proposals from vendors first, as work waiting, and the vendor accounts after the table', async () => {
    const { calls } = setup(true);
    await screen.findByText('No proposals are waiting.');
    await screen.findByText('No firm has requested a demo or asked a vendor to join yet.');
    await screen.findByText('No one keeps a vendor listing yet.');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Proposals from vendors', 'Vendor accounts', 'Demo requests and asks to join', 'Shared catalog']);
    const order = (a: Element, b: Element) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(order(screen.getByRole('region', { name: 'Proposals from vendors' }), await screen.findByRole('table'))).toBeTruthy();
    expect(order(screen.getByRole('table'), screen.getByRole('region', { name: 'Vendor accounts' }))).toBeTruthy();
    expect(document.getElementById('vendor-proposals')).toBeTruthy();
    expect(document.getElementById('vendor-accounts')).toBeTruthy();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  test('lists vendors with inactive ones, and saves only the fields changed', async () => {
    const { calls } = setup(true);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: /Nolo/ })).toBeTruthy();
    expect(within(table).getByText('Silver')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/vendors'))!.url).toContain('includeInactive=true');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Avvo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Avvo' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Partner level'), 'Gold');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((c) => c.method === 'PATCH');
    expect(sent).toEqual({ method: 'PATCH', url: '/api/admin/vendors/1', body: { partnerLevel: 'Gold' } });
    expect(await screen.findByText('Avvo was updated.')).toBeTruthy();
  });

  test('refuses a link that is not a web address before sending, and shows the server’s reason', async () => {
    const { calls } = setup(true, { status: 400, body: { error: 'bookingUrl: "https://x" has no valid host name' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Avvo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Avvo' });
    const booking = within(dialog).getByLabelText('Booking URL');

    await userEvent.type(booking, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter an address starting with http:// or https://, or leave it empty.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.clear(booking);
    await userEvent.type(booking, 'https://x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('bookingUrl: "https://x" has no valid host name');
    expect(screen.getByRole('dialog', { name: 'Edit Avvo' })).toBeTruthy();
  });

  test('lists the vendors without a booking link first and says so above the list', async () => {
    const { calls } = setup(true);
    expect(await screen.findByText(/^2 vendors have no booking link yet and are listed first/)).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/vendors'))!.url).toContain('sort=no_booking_first');
  });

  test('a vendor something refers to is not deleted: the server’s reason is shown', async () => {
    const reason = 'Avvo cannot be deleted while anything refers to it: 3 firms have it in their tech stack.';
    const { calls } = setup(true, {}, { 'DELETE /api/admin/vendors/1': { status: 409, body: { error: reason } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Avvo' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit Avvo' })).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Avvo?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete vendor' }));

    expect((await within(confirm).findByRole('alert')).textContent).toBe(reason);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/vendors/1']);
  });

  test('merges a vendor into another of its category after the choice is confirmed', async () => {
    const { calls } = setup(
      true,
      {},
      {
        'POST /api/admin/vendors/merge': {
          body: { vendor: vendor(2, 'Nolo'), moved: {}, message: 'Avvo was merged into Nolo.' },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Avvo' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit Avvo' })).getByRole('button', { name: 'Merge into…' }));
    const form = await screen.findByRole('dialog', { name: 'Merge Avvo into…' });
    await userEvent.click(within(form).getByRole('button', { name: 'Merge' }));
    expect(within(form).getByText('Choose the vendor to keep.')).toBeTruthy();

    await userEvent.selectOptions(within(form).getByLabelText('Keep this vendor instead of Avvo'), 'Nolo (inactive)');
    await userEvent.click(within(form).getByRole('button', { name: 'Merge' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ from: 1, into: 2 });
    expect(await screen.findByText('Avvo was merged into Nolo.')).toBeTruthy();
  });

  test('a merge the server refuses (a decision names the vendor) shows its reason and keeps the form open', async () => {
    const reason = 'Avvo cannot be merged: 1 decision names it (a signed record keeps the vendor it names). Make it inactive instead.';
    const { calls } = setup(true, {}, { 'POST /api/admin/vendors/merge': { status: 409, body: { error: reason } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Avvo' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit Avvo' })).getByRole('button', { name: 'Merge into…' }));
    const form = await screen.findByRole('dialog', { name: 'Merge Avvo into…' });
    expect(within(form).getByText(/A vendor a decision names cannot be merged/)).toBeTruthy();
    await userEvent.selectOptions(within(form).getByLabelText('Keep this vendor instead of Avvo'), 'Nolo (inactive)');
    await userEvent.click(within(form).getByRole('button', { name: 'Merge' }));

    expect((await within(form).findByRole('alert')).textContent).toBe(reason);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/vendors/merge']);
    expect(screen.getByRole('dialog', { name: 'Merge Avvo into…' })).toBeTruthy();
  });
});
