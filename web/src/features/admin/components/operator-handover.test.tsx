import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { OperatorHandover, WHAT_THE_OPERATOR_DOES, howHandoverGoes } from './operator-handover';

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

function setup({ mfa = false, mail = false, refuse = null as null | { status: number; body: unknown } } = {}) {
  let pending: typeof offer | null = null;
  const { fetchMock, calls } = mockFetch({
    'GET /api/admin/handover': () => ({ body: { offer: pending } }),
    'GET /api/auth/mfa': { body: { enabled: mfa, recoveryCodesLeft: mfa ? 10 : 0 } },
    'GET /api/admin/mail': { body: { enabled: mail, allowPlain: false, hasPassword: false } },
    'POST /api/admin/handover': () => {
      if (refuse) return refuse;
      pending = offer;
      return { body: offer };
    },
    'DELETE /api/admin/handover/77': () => {
      pending = null;
      return { status: 204, body: undefined };
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<OperatorHandover />, { path: '/admin/firms' });
  return { calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('OperatorHandover', () => {
  test('says what the new operator does, offers the role by email, then shows the offer and withdraws it', async () => {
    const { calls } = setup();
    expect(await screen.findByText(WHAT_THE_OPERATOR_DOES)).toBeTruthy();
    // This install sends no mail: the offered account is told under the bell only.
    expect(await screen.findByText(howHandoverGoes(false))).toBeTruthy();
    expect(howHandoverGoes(false)).not.toContain('email,');
    // No second factor: no code asked.
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    await userEvent.type(screen.getByLabelText('Email of the new operator'), ' bo@roe-law.test {Enter}');

    expect(await screen.findByText(/Offered to Bo Roe: they have until/)).toBeTruthy();
    expect(screen.getByText('Bo Roe')).toBeTruthy();
    expect(screen.getByText(/\(bo@roe-law\.test, Roe Law\)/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ email: 'bo@roe-law.test', code: null }]);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the offer' }));
    expect(await screen.findByLabelText('Email of the new operator')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/handover/77')).toBe(true);
  });

  test('asks the operator’s code when they have two-step sign-in on, and shows the server’s refusal', async () => {
    const refusal = 'There is no account with the email cy@poe.test on this Litstack: the person signs up (or is invited to a firm) first.';
    const { calls } = setup({ mfa: true, refuse: { status: 404, body: { error: refusal } } });
    await userEvent.type(await screen.findByLabelText('Email of the new operator'), 'cy@poe.test');
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Offer the operator role' }));

    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ email: 'cy@poe.test', code: '123456' }]);
    // Nothing pending: the form stays.
    expect(screen.getByRole('button', { name: 'Offer the operator role' })).toBeTruthy();
  });

  test('says the offered account is mailed too while the install sends mail', async () => {
    setup({ mail: true });
    expect(await screen.findByText(howHandoverGoes(true))).toBeTruthy();
    expect(howHandoverGoes(true)).toContain('under the bell and by email');
  });
});
