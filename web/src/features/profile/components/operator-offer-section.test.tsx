import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { OperatorOfferSection } from './operator-offer-section';

const offer = {
  id: 77,
  fromName: 'Olga Operator',
  fromEmail: 'olga@install.test',
  toName: 'Bo Roe',
  toEmail: 'bo@roe-law.test',
  toFirm: 'Roe Law',
  offeredAt: '2026-11-29T10:00:00Z',
  expiresAt: '2026-12-06T10:00:00Z',
};

function setup({ offered = true, mfa = false } = {}) {
  let pending = offered ? offer : null;
  const { fetchMock, calls } = mockFetch({
    'GET /api/operator-offer': () => ({ body: { offer: pending } }),
    'GET /api/auth/mfa': { body: { enabled: mfa, recoveryCodesLeft: mfa ? 10 : 0 } },
    'GET /api/auth/me': { body: { user: { id: 2, name: 'Bo Roe', email: 'bo@roe-law.test', isAdmin: pending === null } } },
    'POST /api/operator-offer/77/accept': () => {
      pending = null;
      return { status: 204, body: undefined };
    },
    'POST /api/operator-offer/77/decline': () => {
      pending = null;
      return { status: 204, body: undefined };
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  const view = renderWithProviders(<OperatorOfferSection />, { path: '/profile' });
  return { ...view, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('OperatorOfferSection', () => {
  test('shows nothing when no offer is made to the account', async () => {
    const { calls, container } = setup({ offered: false });
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/operator-offer')).toBe(true));
    expect(container.textContent).toBe('');
  });

  test('says who offers the role and what it is, and accepting (with a code) says the account runs the install', async () => {
    const { calls } = setup({ mfa: true });
    const section = await screen.findByRole('region', { name: 'The install’s operator role' });
    expect(section.textContent).toContain('Olga Operator (olga@install.test) offers you the install’s operator role');
    expect(section.textContent).toContain(
      'imports demo bookings, keeps the vendor catalog, takes backups, sets up mail and verifies firms',
    );
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Accept the operator role' }));

    expect(await screen.findByText('You accepted: you run this Litstack now. Its pages are under This install in the menu.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/operator-offer/77/accept', { code: '654321' }],
    ]);
  });

  test('declining says the operator keeps the role', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined: Olga Operator still runs this Litstack.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/operator-offer/77/decline')).toBe(true);
  });
});
