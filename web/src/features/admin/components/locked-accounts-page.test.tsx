import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { LockedAccountsPage } from './locked-accounts-page';

const user = (isAdmin: boolean) => ({ id: 1, name: 'Ada', email: 'ada@firm.test', lawFirm: 'Lovelace Law', firmSize: null, isAdmin });

const lockedAnn = {
  userId: 2,
  name: 'Ann Doe',
  email: 'ann@doe-law.test',
  lockedClients: 1,
  failures: 10,
  accountWide: false,
  secondsLeft: 840,
};

function setup(isAdmin = true, locked: unknown[] = [], emailed = false) {
  let items = locked;
  const { fetchMock, calls } = mockFetch({
    'POST /api/admin/users/2/reset-link': {
      status: 201,
      body: { link: 'http://litstack.test/reset-password#op1', emailed, expiresAt: '2026-11-23T10:15:00Z' },
    },
    'GET /api/auth/me': { body: { user: user(isAdmin) } },
    'GET /api/admin/locked-accounts': () => ({ body: { items } }),
    'POST /api/admin/users/2/unlock': () => {
      items = [];
      return { status: 204, body: undefined };
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderWithProviders(<LockedAccountsPage />, { path: '/admin/locked-accounts' }), calls };
}

const toastRegion = () => screen.getByRole('region', { name: /Notifications/ });

afterEach(() => vi.unstubAllGlobals());

describe('LockedAccountsPage', () => {
  test('tells a non-operator that it needs the operator', async () => {
    setup(false);
    expect(await screen.findByRole('heading', { name: 'Admin access required' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Locked accounts' })).toBeNull();
  });

  test('lists locked accounts and unlocks one', async () => {
    const { calls } = setup(true, [lockedAnn]);
    const list = await screen.findByRole('list', { name: 'Locked accounts' });
    expect(within(list).getByText('ann@doe-law.test')).toBeTruthy();
    expect(within(list).getByText(/Too many failed sign-ins from 1 address\. Unlocks by itself in 14 minutes\./)).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Unlock ann@doe-law.test' }));
    expect(await screen.findByText('No account is locked.')).toBeTruthy();
    expect(within(toastRegion()).getByText('Account unlocked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/admin/users/2/unlock'))).toBe(true);
  });

  test.each([true, false])('makes a reset link for a locked account, and says whether it was emailed (%s)', async (emailed) => {
    setup(true, [lockedAnn], emailed);
    const list = await screen.findByRole('list', { name: 'Locked accounts' });
    await userEvent.click(within(list).getByRole('button', { name: 'Reset link for ann@doe-law.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password-reset link for Ann Doe' });
    expect((within(dialog).getByLabelText('Reset link') as HTMLInputElement).value).toBe('http://litstack.test/reset-password#op1');
    expect(within(dialog).queryByText('We emailed the link to ann@doe-law.test.') !== null).toBe(emailed);
    expect(dialog.textContent?.includes('so send it to ann@doe-law.test yourself')).toBe(!emailed);
  });
});
