import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

import { currentToast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';
import type { AdminFirm, SignUpMode } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { FirmAdminPage } from './firm-admin-page';

const OWN_FIRM_409 = 'You cannot disable your own firm: you would lose access to Litstack, and nobody could enable it again.';
const OPERATORS_FIRM_409 =
  "This firm cannot be deleted: the install's operator is one of its members, and nobody could run Litstack without them.";
const DUE_AT = '2026-12-21T10:00:00Z';

const firm = (id: number, name: string, extra: Partial<AdminFirm> = {}): AdminFirm => ({
  id,
  name,
  size: 'E6_20',
  members: 1,
  createdAt: '2026-11-20T10:00:00Z',
  verified: false,
  disabled: false,
  ...extra,
});

/** A server holding two firms (the operator's own is 1) and the sign-up mode, changing with each write. */
function serve({ settingsError, mfaEnabled = false }: { settingsError?: string; mfaEnabled?: boolean } = {}) {
  let firms = [firm(1, 'Lovelace Law', { verified: true, members: 2 }), firm(2, 'Babbage Injury')];
  let signUp: SignUpMode = 'open';
  let claims = [
    { domain: 'babbage.test', firmId: 2, firmName: 'Babbage Injury', status: 'pending' as const, claimedAt: '2026-11-21T10:00:00Z' },
  ] as { domain: string; firmId: number; firmName: string; status: 'pending' | 'confirmed' | 'refused'; claimedAt: string }[];
  const patch = (id: number) => () => {
    const body = (mock.calls.at(-1)?.body ?? {}) as Partial<AdminFirm>;
    if (id === 1 && body.disabled) return { status: 409, body: { error: OWN_FIRM_409 } };
    firms = firms.map((f) => (f.id === id ? { ...f, ...body } : f));
    return { body: { firm: firms.find((f) => f.id === id) } };
  };
  const mock = mockFetch({
    'GET /api/admin/firms': () => ({ body: { items: firms } }),
    'PATCH /api/admin/firms/1': patch(1),
    'PATCH /api/admin/firms/2': patch(2),
    'POST /api/admin/firms/1/deletion': () => ({ status: 409, body: { error: OPERATORS_FIRM_409 } }),
    'POST /api/admin/firms/2/deletion': () => {
      firms = firms.map((f) => (f.id === 2 ? { ...f, deletionDueAt: DUE_AT } : f));
      return { body: { scheduled: true, dueAt: DUE_AT, scheduledAt: '2026-11-21T10:00:00Z', by: 'Ada Lovelace' } };
    },
    'DELETE /api/admin/firms/2/deletion': () => {
      firms = firms.map((f) => (f.id === 2 ? { ...f, deletionDueAt: null } : f));
      return { status: 204, body: undefined };
    },
    'POST /api/admin/firms/merge': () => {
      firms = [firm(1, 'Lovelace Law', { verified: true, members: 3 })];
      return { body: { firm: firms[0] } };
    },
    'GET /api/admin/firms/sso-domains': () => ({ body: { items: claims } }),
    'PUT /api/admin/firms/2/sso-domains/babbage.test': () => {
      const status = (mock.calls.at(-1)?.body as { status: 'confirmed' | 'refused' }).status;
      claims = claims.map((c) => ({ ...c, status }));
      return { body: claims[0] };
    },
    'GET /api/auth/mfa': { body: { enabled: mfaEnabled, recoveryCodesLeft: mfaEnabled ? 10 : 0 } },
    // The hand-over of the operator role: no offer pending (its own tests: operator-handover.test.tsx).
    'GET /api/admin/handover': { body: { offer: null } },
    'GET /api/admin/settings': () => ({ body: { signUp } }),
    'PUT /api/admin/settings': () => {
      if (settingsError) return { status: 400, body: { error: settingsError } };
      signUp = (mock.calls.at(-1)?.body as { signUp: SignUpMode }).signUp;
      return { body: { signUp } };
    },
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

const operator = testUser('owner', { isAdmin: true });
const writes = (calls: ReturnType<typeof serve>['calls']) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [`${c.method} ${c.url}`, c.body]);

beforeEach(() => {
  currentToast.value = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('FirmAdminPage', () => {
  test('tells anyone but the operator that it needs an admin, and asks for nothing', async () => {
    const { calls } = serve();
    renderWithProviders(<FirmAdminPage />, { user: testUser('owner') });
    expect(screen.getByRole('heading', { name: 'Admin access required' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test('lists the firms with members, verified and access, and says what verified means', async () => {
    serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    const table = await screen.findByRole('table');
    const [, own, other] = within(table).getAllByRole('row');
    if (!own || !other) throw new Error('expected two firms');
    expect(within(own).getByRole('rowheader').textContent).toContain('Lovelace Law(your firm)');
    expect(within(own).getByText('Verified')).toBeTruthy();
    expect(within(other).getByText('Not verified')).toBeTruthy();
    expect(screen.getByText(/Only verified firms count as evidence in other firms’ figures/)).toBeTruthy();
  });

  test('verifies a firm, and disables it only after a confirmation that says its members cannot sign in', async () => {
    const { calls } = serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Babbage Injury' }));
    expect(await screen.findByRole('button', { name: 'Unverify Babbage Injury' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Disable Babbage Injury' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Babbage Injury?' });
    expect(within(dialog).getByText(/1 member cannot sign in/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable firm' }));
    expect(await screen.findByRole('button', { name: 'Enable Babbage Injury' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(writes(calls)).toEqual([
      ['PATCH /api/admin/firms/2', { verified: true }],
      ['PATCH /api/admin/firms/2', { disabled: true }],
    ]);
  });

  test('shows the server’s refusal to disable the operator’s own firm', async () => {
    serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Lovelace Law' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Lovelace Law?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable firm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(OWN_FIRM_409);
  });

  test('schedules another firm’s deletion after a confirmation, shows the day in its row, and keeps the firm', async () => {
    const { calls } = serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule deletion... of Babbage Injury' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the deletion of Babbage Injury?' });
    expect(dialog.textContent).toContain(
      'Babbage Injury and every member’s account will be removed, with everything the firm holds here, after this install’s waiting period. Until then you or an owner of the firm can keep it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentToast.value?.title).toBe(`Babbage Injury will be deleted on ${formatDate(DUE_AT)}`);

    const keep = await screen.findByRole('button', { name: 'Keep firm Babbage Injury' });
    const [, , other] = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(other!).getByRole('rowheader').textContent).toContain(`Deletion on ${formatDate(DUE_AT)}`);
    expect(within(other!).queryByRole('button', { name: /^Schedule deletion/ })).toBeNull();

    await userEvent.click(keep);
    expect(await screen.findByRole('button', { name: 'Schedule deletion... of Babbage Injury' })).toBeTruthy();
    expect(screen.queryByText(/Deletion on/)).toBeNull();
    expect(currentToast.value?.title).toBe('Babbage Injury stays');
    expect(writes(calls)).toEqual([
      ['POST /api/admin/firms/2/deletion', undefined],
      ['DELETE /api/admin/firms/2/deletion', undefined],
    ]);
  });

  test('offers no deletion for the operator’s own firm', async () => {
    serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    await screen.findByRole('button', { name: 'Schedule deletion... of Babbage Injury' });
    expect(screen.queryByRole('button', { name: 'Schedule deletion... of Lovelace Law' })).toBeNull();
  });

  test('shows the server’s refusal in the dialog when the page did not know the firm is the operator’s', async () => {
    serve();
    renderWithProviders(<FirmAdminPage />, {
      user: testUser('owner', { isAdmin: true, firm: { id: 99, name: 'Elsewhere', size: 'E6_20' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule deletion... of Lovelace Law' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule the deletion of Lovelace Law?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(OPERATORS_FIRM_409);
    expect(screen.queryByText(/Deletion on/)).toBeNull();
  });

  test('merges another firm into this one after saying which is kept and which is gone', async () => {
    const { calls } = serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Merge… into Lovelace Law' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge a firm into Lovelace Law' });
    const confirm = within(dialog).getByRole('button', { name: 'Merge into Lovelace Law' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Firm to move into Lovelace Law'), '2');
    expect(within(dialog).getByRole('note').textContent).toContain(
      'Move everything of Babbage Injury into Lovelace Law; Babbage Injury is then gone.',
    );
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentToast.value?.title).toBe('Babbage Injury is merged into Lovelace Law');
    expect(writes(calls)).toEqual([['POST /api/admin/firms/merge', { into: 1, from: 2 }]]);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
  });

  test('shows the saved sign-up mode and saves a change', async () => {
    const { calls } = serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    const open = (await screen.findByRole('radio', { name: /^Open/ })) as HTMLInputElement;
    expect(open.checked).toBe(true);
    expect(screen.getByText('Anyone can create an account and a new firm.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /^Invite-only/ }));
    expect(await screen.findByText('Saved: sign-up is invite-only.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Invite-only/ }) as HTMLInputElement).checked).toBe(true);
    expect(writes(calls)).toEqual([['PUT /api/admin/settings', { signUp: 'invite-only' }]]);
  });

  test('shows the server’s error when the sign-up mode cannot be saved, and keeps the saved mode', async () => {
    serve({ settingsError: 'Sign-up must be open or invite-only' });
    renderWithProviders(<FirmAdminPage />, { user: operator });
    await userEvent.click(await screen.findByRole('radio', { name: /^Invite-only/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-up must be open or invite-only');
    expect((screen.getByRole('radio', { name: /^Open/ }) as HTMLInputElement).checked).toBe(true);
  });

  test('lists the firms’ pending domain claims and confirms one', async () => {
    const { calls } = serve();
    renderWithProviders(<FirmAdminPage />, { user: operator });
    const confirm = await screen.findByRole('button', { name: 'Confirm babbage.test for Babbage Injury' });
    expect(screen.getByText(/Pending/)).toBeTruthy();
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Confirm babbage/ })).toBeNull());
    expect(screen.getByText(/Confirmed/)).toBeTruthy();
    expect(writes(calls)).toEqual([['PUT /api/admin/firms/2/sso-domains/babbage.test', { status: 'confirmed' }]]);
  });

  describe('Backup', () => {
    const fileName = 'litstack-backup-20261129-101500.redb';
    const missing = 'Enter a current code from your authenticator app (or a recovery code).';
    const file = () =>
      new Response(new Blob(['redb']), {
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="${fileName}"` },
      });

    /** `serve`, with the backup answered by `answer` (the file or the server's JSON refusal). */
    function serveBackup(mfaEnabled: boolean, answer: (body: unknown) => Response | Promise<Response>) {
      const mock = serve({ mfaEnabled });
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) !== '/api/admin/backup' || init?.method !== 'POST') return mock.fetchMock(input, init);
        const body: unknown = JSON.parse(String(init.body));
        mock.calls.push({ method: 'POST', url: '/api/admin/backup', body });
        return answer(body);
      });
      return mock;
    }

    function saved(): string[] {
      const names: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      return names;
    }

    afterEach(() => vi.restoreAllMocks());

    test('downloads the whole database as the server names it, asking nothing of an operator without a second factor', async () => {
      const { calls } = serveBackup(false, () => file());
      const names = saved();
      renderWithProviders(<FirmAdminPage />, { user: operator });

      const section = await screen.findByRole('region', { name: 'Backup' });
      const button = await within(section).findByRole('button', { name: 'Download backup' });
      expect(within(section).queryByRole('textbox')).toBeNull();
      await userEvent.click(button);

      const said = await within(section).findByText(`Downloaded ${fileName}.`);
      expect(said.getAttribute('aria-live')).toBe('polite');
      expect(names).toEqual([fileName]);
      expect(calls.filter((c) => c.url === '/api/admin/backup').map((c) => c.body)).toEqual([{ code: null }]);
      expect(within(section).queryByRole('alert')).toBeNull();
    });

    test('asks an operator with two-step sign-in for a code, and shows the server’s word when it is missing', async () => {
      const { calls } = serveBackup(true, (body) =>
        (body as { code: string | null }).code ? file() : Response.json({ error: missing }, { status: 400 }),
      );
      const names = saved();
      renderWithProviders(<FirmAdminPage />, { user: operator });

      const section = await screen.findByRole('region', { name: 'Backup' });
      const field = await within(section).findByLabelText('Code from your authenticator app');
      expect(field.getAttribute('autocomplete')).toBe('one-time-code');
      await userEvent.click(within(section).getByRole('button', { name: 'Download backup' }));
      expect((await within(section).findByRole('alert')).textContent).toBe(missing);
      expect(names).toEqual([]);

      await userEvent.type(field, ' 123456 ');
      await userEvent.click(within(section).getByRole('button', { name: 'Download backup' }));
      expect(await within(section).findByText(`Downloaded ${fileName}.`)).toBeTruthy();
      expect(calls.filter((c) => c.url === '/api/admin/backup').map((c) => c.body)).toEqual([{ code: null }, { code: '123456' }]);
      expect(names).toEqual([fileName]);
      expect((field as HTMLInputElement).value).toBe('');
    });
  });
});
