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
  ...extra,
});

const page = (items: Vendor[]) => ({ items, total: items.length, page: 1, pageSize: 25, totalPages: 1, partnerCount: 0 });

function setup(isAdmin: boolean, patch: { status?: number; body?: unknown } = {}) {
  const mock = mockFetch({
    'GET /api/auth/me': { body: { user: user(isAdmin) } },
    'GET /api/vendors': { body: page([vendor(1, 'Avvo'), vendor(2, 'Nolo', { isActive: false, partnerLevel: 'Silver' })]) },
    'PATCH /api/admin/vendors/1': { status: patch.status ?? 200, body: patch.body ?? vendor(1, 'Avvo', { partnerLevel: 'Gold' }) },
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
});
