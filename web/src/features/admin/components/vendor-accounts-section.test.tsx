import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Vendor } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import type { VendorAccount } from '../api/get-vendor-accounts';
import { VendorAccountsSection } from './vendor-accounts-section';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const operator = testUser('owner', { isAdmin: true });

const account = (id: number, extra: Partial<VendorAccount> = {}): VendorAccount => ({
  id,
  vendorId: 43,
  vendorName: 'EvenUp',
  name: 'Jo Vendor',
  email: 'jo@evenuplaw.com',
  invited: true,
  hasFactor: false,
  createdAt: '2026-11-25T12:00:00Z',
  ...extra,
});

const vendor = (id: number, name: string, isActive = true) => ({ id, name, isActive }) as Vendor;
const vendorPage = (items: Vendor[], total = items.length) => ({
  items,
  total,
  page: 1,
  pageSize: 25,
  totalPages: 1,
  partnerCount: 0,
  withoutBookingLink: 0,
});

function serve(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(routes);
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

const vendors = { body: vendorPage([vendor(43, 'EvenUp'), vendor(44, 'Nolo', false)], 145) };
const inviteForm = () => screen.findByRole('form', { name: 'Invite a person' });

describe('VendorAccountsSection', () => {
  it('lists who keeps which listing, and removes an account once confirmed', async () => {
    let items = [account(1), account(2, { vendorName: 'Nolo', name: 'Sam Nolo', email: 'sam@nolo.com', invited: false, hasFactor: true })];
    const { calls } = serve({
      'GET /api/admin/vendor-accounts': () => ({ body: { items } }),
      'DELETE /api/admin/vendor-accounts/1': () => {
        items = items.filter((a) => a.id !== 1);
        return { status: 204 };
      },
      'GET /api/vendors': vendors,
    });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    const table = await screen.findByRole('table', { name: 'Vendor accounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('EvenUp');
    expect(rows[0]!.textContent).toContain('jo@evenuplaw.com');
    expect(within(rows[0]!).getAllByText('Invited').length).toBeGreaterThan(0);
    expect(within(rows[0]!).getByText('Off')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('Claimed by domain').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByText('On')).toBeTruthy();
    expect(within(rows[1]!).getByText(/Claimed by domain · Authenticator on · since Nov 25, 2026/)).toBeTruthy();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Remove Jo Vendor (jo@evenuplaw.com)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Jo Vendor’s vendor account?' });
    expect(within(dialog).getByText(/can no longer sign in or propose changes to EvenUp’s listing/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Jo Vendor no longer keeps EvenUp’s listing.')).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/vendor-accounts/1']);
  });

  it('says when no one keeps a listing yet', async () => {
    serve({ 'GET /api/admin/vendor-accounts': { body: { items: [] } }, 'GET /api/vendors': vendors });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    expect(await screen.findByText('No one keeps a vendor listing yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('invites a person: without mail, the link is shown once to hand over', async () => {
    const link = 'http://127.0.0.1:8080/vendor/join#abc123';
    const { calls } = serve({
      'GET /api/admin/vendor-accounts': { body: { items: [] } },
      'GET /api/vendors': vendors,
      'POST /api/admin/vendors/43/vendor-invitations': { status: 201, body: { mailed: false, link } },
    });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    const form = await inviteForm();
    await within(form).findByRole('option', { name: 'EvenUp' });
    expect(within(form).getByRole('option', { name: 'Nolo (inactive)' })).toBeTruthy();
    expect(within(form).getByText('The list shows 2 of 145 vendors: type part of a name to find the others.')).toBeTruthy();

    // Checked before the server is asked.
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByText('Choose the listing the person will keep.')).toBeTruthy();
    expect(within(form).getByText('Enter the person’s email address.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(form).getByLabelText('Listing'), 'EvenUp');
    await userEvent.type(within(form).getByLabelText('Their email'), ' jo@evenuplaw.com ');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation to keep EvenUp’s listing' });
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(link);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(dialog).getByText(/This install sends no mail, so hand this link to jo@evenuplaw\.com yourself\./)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'jo@evenuplaw.com' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/The invitation link for jo@evenuplaw\.com \(EvenUp\) is not shown again/)).toBeTruthy();
    expect((within(form).getByLabelText('Their email') as HTMLInputElement).value).toBe('');
  });

  it('invites a person by mail, and shows the server’s refusal', async () => {
    let taken = false;
    serve({
      'GET /api/admin/vendor-accounts': { body: { items: [] } },
      'GET /api/vendors': vendors,
      'POST /api/admin/vendors/43/vendor-invitations': () =>
        taken
          ? { status: 409, body: { error: 'jo@evenuplaw.com has a vendor account already' } }
          : ((taken = true), { status: 201, body: { mailed: true, link: null } }),
    });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    const form = await inviteForm();
    await within(form).findByRole('option', { name: 'EvenUp' });
    await userEvent.selectOptions(within(form).getByLabelText('Listing'), 'EvenUp');
    await userEvent.type(within(form).getByLabelText('Their email'), 'jo@evenuplaw.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    const mailed = await screen.findByText('We mailed an invitation to jo@evenuplaw.com to keep EvenUp’s listing.');
    expect(mailed.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.type(within(form).getByLabelText('Their email'), 'jo@evenuplaw.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('jo@evenuplaw.com has a vendor account already');
    expect(screen.queryByText(/We mailed an invitation/)).toBeNull();
  });

  it('is scrolled to when opened from the operator’s notice (#vendor-accounts)', async () => {
    window.history.replaceState(null, '', '/admin/vendors#vendor-accounts');
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    serve({ 'GET /api/admin/vendor-accounts': { body: { items: [account(1)] } }, 'GET /api/vendors': vendors });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    await screen.findByRole('table', { name: 'Vendor accounts' });
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('vendor-accounts'));
  });
});
