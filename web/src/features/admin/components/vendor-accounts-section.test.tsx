import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Vendor } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import type { VendorAccount } from '../api/get-vendor-accounts';
import type { WaitingVendorInvitation } from '../api/get-vendor-invitations';
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

const invitation = (n: number, extra: Partial<WaitingVendorInvitation> = {}): WaitingVendorInvitation => ({
  id: String(n).repeat(64).slice(0, 64),
  vendorId: 43,
  vendorName: 'EvenUp',
  email: 'sam@example.com',
  createdAt: '2026-11-25T12:00:00Z',
  expiresAt: '2026-12-02T12:00:00Z',
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

/** No invitation waiting, unless a test says otherwise. */
function serve(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch({ 'GET /api/admin/vendor-invitations': { body: { items: [] } }, ...routes });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

const vendors = { body: vendorPage([vendor(43, 'EvenUp'), vendor(44, 'Nolo', false)], 145) };
const inviteForm = () => screen.findByRole('form', { name: 'Invite a person' });
const waiting = () => screen.findByRole('list', { name: 'Invitations waiting' });

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

  it('lists the invitations waiting, and revokes one once confirmed', async () => {
    let items = [invitation(1), invitation(2, { vendorId: 44, vendorName: 'Nolo', email: 'kim@nolo.com' })];
    const { calls } = serve({
      'GET /api/admin/vendor-accounts': { body: { items: [account(1)] } },
      'GET /api/vendors': vendors,
      'GET /api/admin/vendor-invitations': () => ({ body: { items } }),
      [`DELETE /api/admin/vendor-invitations/${invitation(1).id}`]: () => {
        items = items.filter((i) => i.id !== invitation(1).id);
        return { status: 204 };
      },
    });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    const list = await waiting();
    expect(screen.getByRole('region', { name: 'Invitations waiting' })).toBeTruthy();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('sam@example.com')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('EvenUp · Expires Dec 2, 2026');
    expect(within(rows[0]!).getByText('Dec 2, 2026').getAttribute('datetime')).toBe('2026-12-02T12:00:00Z');
    expect(rows[1]!.textContent).toContain('kim@nolo.com');
    expect(rows[1]!.textContent).toContain('Nolo · Expires');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Revoke the invitation to sam@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the invitation to sam@example.com?' });
    expect(within(dialog).getByText(/The link sent to sam@example\.com to keep EvenUp’s listing stops working at once\./)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The link sent to sam@example.com no longer works.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByText('sam@example.com')).toBeNull();
    expect(within(list).getByText('kim@nolo.com')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/admin/vendor-invitations/${invitation(1).id}`]);
  });

  it('shows the server’s refusal when the invitation is no longer waiting, and the list drops it', async () => {
    const gone = 'There is no such invitation waiting: it was taken up, revoked or has expired';
    let items = [invitation(1, { email: 'lee@evenuplaw.com' })];
    serve({
      'GET /api/admin/vendor-accounts': { body: { items: [] } },
      'GET /api/vendors': vendors,
      'GET /api/admin/vendor-invitations': () => ({ body: { items } }),
      [`DELETE /api/admin/vendor-invitations/${invitation(1).id}`]: () => {
        // Taken up meanwhile.
        items = [];
        return { status: 404, body: { error: gone } };
      },
    });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    const list = await waiting();
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke the invitation to lee@evenuplaw.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the invitation to lee@evenuplaw.com?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(gone);
    // The list is read again: the invitation has left it, and so has the section, while the dialog still says why.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations waiting' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Revoke the invitation to lee@evenuplaw.com?' })).toBeTruthy();
    expect(screen.queryByText('The link sent to lee@evenuplaw.com no longer works.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows nothing of invitations when none is waiting', async () => {
    const { calls } = serve({ 'GET /api/admin/vendor-accounts': { body: { items: [account(1)] } }, 'GET /api/vendors': vendors });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    await screen.findByRole('table', { name: 'Vendor accounts' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/vendor-invitations')).toBe(true));
    await inviteForm();
    expect(screen.queryByText('Invitations waiting')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Invitations waiting' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the invitations waiting again once a person is invited', async () => {
    const link = 'http://127.0.0.1:8080/vendor/join#abc123';
    let items: WaitingVendorInvitation[] = [];
    serve({
      'GET /api/admin/vendor-accounts': { body: { items: [] } },
      'GET /api/vendors': vendors,
      'GET /api/admin/vendor-invitations': () => ({ body: { items } }),
      'POST /api/admin/vendors/43/vendor-invitations': () => {
        items = [invitation(1, { email: 'jo@evenuplaw.com' })];
        return { status: 201, body: { mailed: false, link } };
      },
    });
    renderWithProviders(<VendorAccountsSection />, { path: '/admin/vendors', user: operator });
    const form = await inviteForm();
    await within(form).findByRole('option', { name: 'EvenUp' });
    expect(screen.queryByRole('list', { name: 'Invitations waiting' })).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Listing'), 'EvenUp');
    await userEvent.type(within(form).getByLabelText('Their email'), 'jo@evenuplaw.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Done' }));
    const list = await waiting();
    expect(within(list).getByText('jo@evenuplaw.com')).toBeTruthy();
    expect(list.textContent).not.toContain('abc123');
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
