import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { addressHint, ClaimPage, listingIdOf } from './claim-page';

afterEach(() => vi.unstubAllGlobals());

const listings = {
  items: [
    { id: 12, name: 'Clio', domain: 'clio.com' },
    { id: 44, name: 'Supio', domain: 'supio.com' },
    { id: 57, name: 'Tiny Docs', domain: null },
  ],
};

const listingsRoute = { 'GET /api/vendor/listings': { body: listings } };

const picker = () => screen.getByRole('combobox', { name: 'Your company’s listing' }) as HTMLSelectElement;

describe('claiming a listing', () => {
  it('reads a preselected listing from the link', () => {
    expect(listingIdOf('44')).toBe(44);
    for (const bad of [undefined, '', '0', '-3', '4.5', '44abc', '1e3']) expect(listingIdOf(bad)).toBeNull();
  });

  it('says which address a listing needs, or that it can only be invited', () => {
    expect(addressHint(listings.items[1]!)).toBe('Use your address at supio.com.');
    expect(addressHint(listings.items[2]!)).toBe('Tiny Docs can only be invited: ask the operator of this Litstack for an invitation.');
  });

  it('offers the listings by name, none chosen, and asks for one before sending', async () => {
    const { fetchMock, calls } = mockFetch(listingsRoute);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ClaimPage />, { path: '/vendor/claim' });
    await screen.findByRole('combobox', { name: 'Your company’s listing' });
    expect([...picker().options].map((o) => o.text)).toEqual(['Choose a listing', 'Clio', 'Supio', 'Tiny Docs']);
    expect(picker().value).toBe('');
    expect(screen.queryByText(/Use your address at/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Work email'), 'ana@supio.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(screen.getByText('Choose your company’s listing')).toBeTruthy();
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('preselects the listing a claim link names; an unknown one selects nothing', async () => {
    vi.stubGlobal('fetch', mockFetch(listingsRoute).fetchMock);
    const { unmount } = renderWithProviders(<ClaimPage />, { path: '/vendor/claim?vendor=44' });
    await screen.findByRole('combobox', { name: 'Your company’s listing' });
    expect(picker().value).toBe('44');
    expect(screen.getByLabelText('Work email').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Use your address at supio.com.')).toBeTruthy();
    unmount();

    renderWithProviders(<ClaimPage />, { path: '/vendor/claim?vendor=999' });
    await screen.findByRole('combobox', { name: 'Your company’s listing' });
    expect(picker().value).toBe('');
  });

  it('mails a link for the chosen listing, and shows the server’s answer', async () => {
    const message = 'We sent a link to ana@supio.com. It works once and for 7 days.';
    const { fetchMock, calls } = mockFetch({ ...listingsRoute, 'POST /api/vendor/claims': { status: 202, body: { message } } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ClaimPage />, { path: '/vendor/claim' });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Your company’s listing' }), 'Supio');
    expect(screen.getByText('Use your address at supio.com.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Work email'), ' ana@supio.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('status')).textContent).toContain(message);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vendorId: 44, email: 'ana@supio.com' });
  });

  it('sends nothing for a listing that can only be invited, and says whom to ask', async () => {
    const { fetchMock, calls } = mockFetch(listingsRoute);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ClaimPage />, { path: '/vendor/claim' });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Your company’s listing' }), 'Tiny Docs');
    expect(screen.getByText('Tiny Docs can only be invited: ask the operator of this Litstack for an invitation.')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Email me a link' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Work email'), 'ana@tinydocs.com{Enter}');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Another listing can be claimed again.
    await userEvent.selectOptions(picker(), 'Clio');
    expect(screen.getByText('Use your address at clio.com.')).toBeTruthy();
    expect(send.disabled).toBe(false);
  });

  it('says so when the listings cannot be read, and reads them again on request', async () => {
    let up = false;
    const { fetchMock } = mockFetch({
      'GET /api/vendor/listings': () => (up ? { body: listings } : { status: 500, body: { error: 'Internal server error' } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ClaimPage />, { path: '/vendor/claim' });
    expect((await screen.findByRole('alert')).textContent).toBe('Internal server error');
    expect(screen.queryByLabelText('Work email')).toBeNull();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('combobox', { name: 'Your company’s listing' });
  });

  it.each([
    [400, 'gmail.com is a public mail service, where anyone can open an address: use your address at supio.com'],
    [404, 'There is no listing with id 44'],
    [429, 'Too many attempts: try again in 12 minutes.'],
  ])('shows the server’s refusal (%i) in its own words', async (status, error) => {
    vi.stubGlobal('fetch', mockFetch({ ...listingsRoute, 'POST /api/vendor/claims': { status, body: { error } } }).fetchMock);
    renderWithProviders(<ClaimPage />, { path: '/vendor/claim?vendor=44' });
    await userEvent.type(await screen.findByLabelText('Work email'), 'ana@gmail.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(error);
  });
});
