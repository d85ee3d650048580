import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { FirmRole } from '@/lib/api/types';
import { VIEW_ONLY_NOTE } from '@/lib/auth';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { HAND_OVER_FIRST, OPERATORS_FIRM_WAY } from './delete-firm';
import { FirmPage } from './firm-page';

afterEach(() => vi.unstubAllGlobals());

const firm = { id: 3, name: 'Doe Injury Law', size: 'E6_20', createdAt: '2026-11-01T10:00:00Z', verified: true };
const me = (role: FirmRole) => ({
  id: 1,
  name: 'Pat Doe',
  email: 'pat@doe.test',
  lawFirm: firm.name,
  firmSize: 'E6_20',
  isAdmin: false,
  firm: { id: 3, name: firm.name, size: 'E6_20' },
  firmRole: role,
});
const members = (role: FirmRole) => ({
  items: [
    {
      userId: 1,
      name: 'Pat Doe',
      email: 'pat@doe.test',
      role,
      isYou: true,
      joinedAt: '2026-11-01T10:00:00Z',
      lastActiveAt: new Date().toISOString(),
    },
    {
      userId: 2,
      name: 'Sam Lee',
      email: 'sam@doe.test',
      role: 'member',
      isYou: false,
      joinedAt: '2026-11-02T10:00:00Z',
      lastActiveAt: null,
    },
  ],
});

function serve(role: FirmRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  const mock = mockFetch({
    'GET /api/auth/me': { body: { user: me(role) } },
    'GET /api/firm': { body: { firm } },
    'GET /api/firm/members': { body: members(role) },
    // The owner's own two-step sign-in: off.
    'GET /api/auth/mfa': { body: { enabled: false, recoveryCodesLeft: 0 } },
    // The owner's Single sign-on section: nothing set up.
    'GET /api/firm/sso': {
      body: { configured: false, issuer: '', clientId: '', clientSecretSet: false, domains: [], defaultRole: 'viewer', requireSso: false },
    },
    // What firms pay: never chosen.
    'GET /api/firm/price-sharing': { body: { share: false, since: null, by: null } },
    // The firm's deletion: not scheduled.
    'GET /api/firm/deletion': { body: { scheduled: false, dueAt: null, scheduledAt: null, by: null, canSchedule: true, blockedBy: null } },
    'GET /api/firm/invitations': {
      body: {
        items: [
          {
            id: 9,
            email: 'new@doe.test',
            role: 'viewer',
            createdAt: '2026-11-20T10:00:00Z',
            expiresAt: '2026-11-27T10:00:00Z',
            invitedBy: 'Pat Doe',
          },
        ],
      },
    },
    'GET /api/firm/audit': {
      body: {
        items: [
          { id: 1, at: '2026-11-20T10:00:00Z', action: 'invitation_created', actor: 'Pat Doe', detail: 'Invited new@doe.test as viewer' },
        ],
      },
    },
    ...extra,
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('FirmPage', () => {
  it('gives an owner the forms, the member controls, the invitations and the audit log', async () => {
    serve('owner');
    renderWithProviders(<FirmPage />, { path: '/firm' });

    expect(await screen.findByLabelText('Firm name')).toBeTruthy();
    // Both layouts are in the document (one hidden by CSS): the table's row has Sam's controls.
    const table = screen.getByRole('table', { name: 'Members of Doe Injury Law' });
    const sam = within(table).getByRole('row', { name: /Sam Lee/ });
    expect(within(sam).getByRole('button', { name: 'Remove Sam Lee' })).toBeTruthy();
    expect(within(sam).getByRole('button', { name: 'Reset link for Sam Lee' })).toBeTruthy();
    expect(within(sam).getByRole('button', { name: 'Make owner (Sam Lee)' })).toBeTruthy();
    expect(within(sam).getByLabelText('Role of Sam Lee')).toBeTruthy();
    // Nothing to do to yourself here.
    const pat = within(table).getByRole('row', { name: /Pat Doe/ });
    expect(within(pat).queryByRole('button')).toBeNull();
    expect(within(pat).getByText('(you)')).toBeTruthy();
    expect(within(table).getByText('Not signed in')).toBeTruthy();

    expect(screen.getByRole('form', { name: 'Invite a person' })).toBeTruthy();
    expect(await screen.findByText('new@doe.test')).toBeTruthy();
    // The rest is in tabs; the audit log is the last.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Details', 'Security', 'What firms pay', 'Audit log']);
    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByText('Invited new@doe.test as viewer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/firm/audit?format=csv');
  });

  it('shows a viewer the firm and its members, with no control and the view-only line', async () => {
    const { calls } = serve('viewer');
    renderWithProviders(<FirmPage />, { path: '/firm' });

    expect(await screen.findByText(VIEW_ONLY_NOTE)).toBeTruthy();
    expect(screen.getAllByText('Sam Lee').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a person' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Details', 'Security', 'What firms pay']);
    // Reads it would be refused are never asked for.
    expect(calls.some((c) => c.url.startsWith('/api/firm/invitations') || c.url.startsWith('/api/firm/audit'))).toBe(false);
  });

  it('shows a member the list without controls and says who manages it', async () => {
    serve('member');
    renderWithProviders(<FirmPage />, { path: '/firm' });
    expect(await screen.findByText('Owners and admins manage the firm’s members, invitations and details.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives an owner the switch that requires two-step sign-in, with how many members lack it, and the server’s refusal', async () => {
    const ownFirst = 'Set up two-step sign-in for your own account first, then require it for every member.';
    const { calls } = serve('owner', {
      'GET /api/firm': { body: { firm: { ...firm, mfaRequired: false, mfaRequiredByInstall: false, membersWithoutMfa: 2 } } },
      'PUT /api/firm/mfa-required': { status: 400, body: { error: ownFirst } },
    });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    const toggle = await screen.findByRole('switch', { name: 'Require two-step sign-in for every member' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2 members have not set it up yet.')).toBeTruthy();
    await userEvent.click(toggle);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ required: true });
    expect((await screen.findByRole('alert')).textContent).toBe(ownFirst);
  });

  it('gives an admin the switch that shares what the firm pays, says what is shared, and who agreed when', async () => {
    const { calls } = serve('admin', {
      'PUT /api/firm/price-sharing': { body: { share: true, since: '2026-11-24T15:00:00Z', by: 'Pat Doe' } },
    });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    await userEvent.click(await screen.findByRole('tab', { name: 'What firms pay' }));
    const toggle = await screen.findByRole('switch', { name: 'Share what we pay with other firms' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBe('price-sharing-what price-sharing-consent');
    expect(screen.getByText(/counted only together with 4 or more other firms, never with your firm’s name/)).toBeTruthy();
    expect(screen.getByText('Not shared. Litstack never shares it unless an owner or admin agrees.')).toBeTruthy();
    await userEvent.click(toggle);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ share: true });
    expect(await screen.findByText('Shared since Nov 24, 2026 (Pat Doe agreed).')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it('tells a member whether the firm shares what it pays, with no switch for it', async () => {
    serve('member', { 'GET /api/firm/price-sharing': { body: { share: false, since: '2026-11-20T10:00:00Z', by: 'Pat Doe' } } });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    await userEvent.click(await screen.findByRole('tab', { name: 'What firms pay' }));
    expect(await screen.findByText('Not shared since Nov 20, 2026 (Pat Doe withdrew it).')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Share what we pay with other firms' })).toBeNull();
  });

  it('tells a member that the firm requires two-step sign-in, with no switch', async () => {
    serve('member', { 'GET /api/firm': { body: { firm: { ...firm, mfaRequired: true, mfaRequiredByInstall: false } } } });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    expect(await screen.findByText('Your firm requires two-step sign-in for every member.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('moves between the tabs with the arrow keys, Home and End, one tab stop for them all', async () => {
    window.history.replaceState(null, '', '/firm');
    serve('owner');
    renderWithProviders(<FirmPage />, { path: '/firm' });
    const details = await screen.findByRole('tab', { name: 'Details' });
    expect(details.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([details]);
    expect(screen.getByRole('tabpanel', { name: 'Details' })).toBeTruthy();
    details.focus();
    await userEvent.keyboard('{ArrowRight}');
    const security = screen.getByRole('tab', { name: 'Security' });
    expect(document.activeElement).toBe(security);
    expect(security.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Single sign-on' })).toBeTruthy();
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Audit log' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(details);
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe('true');
    expect(window.location.hash).toBe('#audit');
    await userEvent.keyboard('{Home}');
    expect(details.getAttribute('aria-selected')).toBe('true');
  });

  it('opens the tab a link names', async () => {
    window.history.replaceState(null, '', '/firm#sso');
    serve('owner');
    renderWithProviders(<FirmPage />, { path: '/firm' });
    expect((await screen.findByRole('tab', { name: 'Security' })).getAttribute('aria-selected')).toBe('true');
    window.history.replaceState(null, '', '/firm');
  });

  it('shows the server’s reason when removing the last owner is refused', async () => {
    const lastOwner = 'A firm needs at least one owner. Make another member an owner first.';
    serve('owner', { 'DELETE /api/firm/members/2': { status: 409, body: { error: lastOwner } } });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    const table = await screen.findByRole('table', { name: 'Members of Doe Injury Law' });
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Sam Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Lee from Doe Injury Law?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(lastOwner));
  });

  it('shows a new invitation’s link once, with how long it lasts and that it must be sent by hand', async () => {
    const { calls } = serve('admin', {
      'POST /api/firm/invitations': {
        status: 201,
        body: {
          invitation: {
            id: 10,
            email: 'kim@doe.test',
            role: 'member',
            createdAt: '2026-11-23T10:00:00Z',
            expiresAt: '2026-11-30T10:00:00Z',
            invitedBy: 'Pat Doe',
          },
          link: 'http://litstack.test/join#abc123',
        },
      },
    });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    const form = await screen.findByRole('form', { name: 'Invite a person' });
    // An admin cannot invite an owner.
    expect(within(form).queryByRole('option', { name: 'Owner' })).toBeNull();
    await userEvent.type(within(form).getByLabelText('Email'), 'kim@doe.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Create invitation link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invitation for kim@doe.test' });
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe('http://litstack.test/join#abc123');
    expect(dialog.textContent).toContain('shown only once');
    expect(dialog.textContent).toContain('valid for 7 days');
    expect(dialog.textContent).toContain('Email delivery is not set up yet');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'kim@doe.test', role: 'member' });
  });

  it('says a new invitation was emailed when it was, and still shows the link', async () => {
    serve('owner', {
      'POST /api/firm/invitations': {
        status: 201,
        body: {
          invitation: {
            id: 11,
            email: 'lee@doe.test',
            role: 'viewer',
            createdAt: '2026-11-23T10:00:00Z',
            expiresAt: '2026-11-30T10:00:00Z',
            invitedBy: 'Pat Doe',
          },
          link: 'http://litstack.test/join#def456',
          emailed: true,
        },
      },
    });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    const form = await screen.findByRole('form', { name: 'Invite a person' });
    await userEvent.type(within(form).getByLabelText('Email'), 'lee@doe.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Create invitation link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation for lee@doe.test' });
    expect(within(dialog).getByText('We emailed the link to lee@doe.test.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe('http://litstack.test/join#def456');
    expect(dialog.textContent).not.toContain('Email delivery is not set up yet');
  });

  it.each([true, false])('says whether a member’s reset link was emailed (%s)', async (emailed) => {
    serve('owner', {
      'POST /api/firm/members/2/reset-link': {
        status: 201,
        body: { link: 'http://litstack.test/reset-password#r1', emailed, expiresAt: '2026-11-23T10:15:00Z' },
      },
    });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    const table = await screen.findByRole('table', { name: 'Members of Doe Injury Law' });
    await userEvent.click(within(table).getByRole('button', { name: 'Reset link for Sam Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password-reset link for Sam Lee' });
    expect((within(dialog).getByLabelText('Reset link') as HTMLInputElement).value).toBe('http://litstack.test/reset-password#r1');
    expect(within(dialog).queryByText('We emailed the link to sam@doe.test.') !== null).toBe(emailed);
    expect(dialog.textContent?.includes('Email delivery is not set up yet')).toBe(!emailed);
  });

  it('changes a role only when Save is pressed, and says why when the server refuses', async () => {
    const refused = 'Only an owner can make someone an owner or change an owner’s role.';
    const { calls } = serve('owner', { 'PATCH /api/firm/members/2': { status: 403, body: { error: refused } } });
    renderWithProviders(<FirmPage />, { path: '/firm' });
    const table = await screen.findByRole('table', { name: 'Members of Doe Injury Law' });
    const sam = within(table).getByRole('row', { name: /Sam Lee/ });
    expect(within(sam).queryByRole('button', { name: 'Save role of Sam Lee' })).toBeNull();
    await userEvent.selectOptions(within(sam).getByLabelText('Role of Sam Lee'), 'viewer');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.click(within(sam).getByRole('button', { name: 'Save role of Sam Lee' }));
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'viewer' });
    // The select is back on the role the member still has.
    await waitFor(() => expect((within(sam).getByLabelText('Role of Sam Lee') as HTMLSelectElement).value).toBe('member'));
  });

  describe('Your firm’s data', () => {
    const fileName = 'litstack-firm-3-2026-11-24.zip';
    const zip = () =>
      new Response(new Blob(['PK\x03\x04']), {
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${fileName}"` },
      });

    /** `serve`, with the export answered by `answer` (a zip or the server's JSON refusal). */
    function serveExport(mfaEnabled: boolean, answer: (body: unknown) => Response | Promise<Response>) {
      window.history.replaceState(null, '', '/firm');
      const mock = serve('owner', { 'GET /api/auth/mfa': { body: { enabled: mfaEnabled, recoveryCodesLeft: mfaEnabled ? 10 : 0 } } });
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) !== '/api/firm/export' || init?.method !== 'POST') return mock.fetchMock(input, init);
        const body: unknown = JSON.parse(String(init.body));
        mock.calls.push({ method: 'POST', url: '/api/firm/export', body });
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

    it('lets an owner download everything the firm holds as one file, named as the server says', async () => {
      let answer: (response: Response) => void = () => {};
      const { calls } = serveExport(false, () => new Promise<Response>((resolve) => (answer = resolve)));
      const names = saved();
      renderWithProviders(<FirmPage />, { path: '/firm' });

      const section = await screen.findByRole('region', { name: 'Your firm’s data' });
      expect(section.textContent).toContain('Passwords and sign-in secrets are never in it.');
      const button = await within(section).findByRole('button', { name: 'Export firm data' });
      // No second factor: nothing to type.
      expect(within(section).queryByRole('textbox')).toBeNull();
      await userEvent.click(button);
      expect(within(section).getByRole('button', { name: 'Exporting...' }).hasAttribute('disabled')).toBe(true);
      expect(calls.find((c) => c.url === '/api/firm/export')?.body).toEqual({ code: null });

      answer(zip());
      const said = await within(section).findByText(`Downloaded ${fileName}.`);
      expect(said.getAttribute('aria-live')).toBe('polite');
      expect(names).toEqual([fileName]);
      expect(within(section).getByRole('button', { name: 'Export firm data' }).hasAttribute('disabled')).toBe(false);
      expect(within(section).queryByRole('alert')).toBeNull();
    });

    it('asks an owner with two-step sign-in for a code, and shows the server’s word when it is missing', async () => {
      const missing = 'Enter a current code from your authenticator app (or a recovery code).';
      const { calls } = serveExport(true, (body) =>
        (body as { code: string | null }).code ? zip() : Response.json({ error: missing }, { status: 400 }),
      );
      const names = saved();
      renderWithProviders(<FirmPage />, { path: '/firm' });

      const section = await screen.findByRole('region', { name: 'Your firm’s data' });
      const field = await within(section).findByLabelText('Code from your authenticator app');
      expect(field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(field.hasAttribute('required')).toBe(true);
      // Recovery codes have letters and dashes: a plain text field.
      expect(field.getAttribute('inputmode')).toBeNull();
      expect(field.getAttribute('type') ?? 'text').toBe('text');

      await userEvent.click(within(section).getByRole('button', { name: 'Export firm data' }));
      expect((await within(section).findByRole('alert')).textContent).toBe(missing);
      expect(names).toEqual([]);

      await userEvent.type(field, ' 123456 ');
      await userEvent.click(within(section).getByRole('button', { name: 'Export firm data' }));
      expect(await within(section).findByText(`Downloaded ${fileName}.`)).toBeTruthy();
      expect(calls.filter((c) => c.url === '/api/firm/export').map((c) => c.body)).toEqual([{ code: null }, { code: '123456' }]);
      expect(names).toEqual([fileName]);
      expect(within(section).queryByRole('alert')).toBeNull();
      // A code works once: the field is empty again.
      expect((field as HTMLInputElement).value).toBe('');
    });

    it.each(['admin', 'member', 'viewer'] as const)('is not shown to an %s, who cannot export', async (role) => {
      window.history.replaceState(null, '', '/firm');
      const { calls } = serve(role);
      renderWithProviders(<FirmPage />, { path: '/firm' });
      await screen.findByRole('region', { name: 'Firm details' });
      expect(screen.queryByRole('region', { name: 'Your firm’s data' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Export firm data' })).toBeNull();
      expect(calls.some((c) => c.url === '/api/auth/mfa')).toBe(false);
    });
  });

  describe('Deleting the firm', () => {
    const dueAt = '2026-12-24T12:00:00Z';
    const scheduledBy = { scheduled: true, dueAt, scheduledAt: '2026-11-24T12:00:00Z', by: 'Pat Doe', canSchedule: true, blockedBy: null };
    const notScheduled = { scheduled: false, dueAt: null, scheduledAt: null, by: null, canSchedule: true, blockedBy: null };
    const notice = 'This firm will be deleted on Dec 24, 2026 (asked by Pat Doe). Everything it holds here will be removed.';

    /** The notice at the top of the page (the toasts are a status region too). */
    async function findNotice(): Promise<HTMLElement> {
      const line = await screen.findByText(/^This firm will be deleted on/);
      const status = line.closest<HTMLElement>('[role="status"]');
      if (!status) throw new Error('the notice is not a status region');
      expect(status.textContent).toContain(notice);
      return status;
    }

    /**
     * `serve` with a server that holds the firm's deletion: POST schedules it (or answers
     * `refuse(body)`, when that gives an answer), DELETE takes it back.
     */
    function serveDeletion(
      role: FirmRole,
      {
        mfaEnabled = false,
        scheduled = false,
        blocked = false,
        operator = false,
        refuse = () => null,
      }: {
        mfaEnabled?: boolean;
        scheduled?: boolean;
        blocked?: boolean;
        operator?: boolean;
        refuse?: () => { status: number; body: unknown } | null;
      } = {},
    ) {
      window.history.replaceState(null, '', '/firm');
      let deletion: object = scheduled
        ? scheduledBy
        : blocked
          ? { ...notScheduled, canSchedule: false, blockedBy: 'operator' }
          : notScheduled;
      return serve(role, {
        'GET /api/auth/me': { body: { user: { ...me(role), isAdmin: operator } } },
        'GET /api/auth/mfa': { body: { enabled: mfaEnabled, recoveryCodesLeft: mfaEnabled ? 10 : 0 } },
        'GET /api/firm/deletion': () => ({ body: deletion }),
        'POST /api/firm/deletion': () => {
          const refused = refuse();
          if (refused) return refused;
          deletion = scheduledBy;
          return { body: deletion };
        },
        'DELETE /api/firm/deletion': () => {
          deletion = notScheduled;
          return { status: 204 };
        },
      });
    }

    it('lets an owner schedule it from a dialog that says what goes, and the page then says when it runs', async () => {
      const { calls } = serveDeletion('owner');
      renderWithProviders(<FirmPage />, { path: '/firm' });

      const section = await screen.findByRole('region', { name: 'Delete the firm' });
      expect(section.textContent).toContain(
        'Deleting the firm removes every member’s account and everything the firm holds here. It runs on the day shown when you ask, and until then any owner can keep the firm.',
      );
      expect(screen.queryByText(notice)).toBeNull();
      await userEvent.click(await within(section).findByRole('button', { name: 'Delete firm...' }));

      const dialog = await screen.findByRole('dialog', { name: 'Delete Doe Injury Law?' });
      expect(dialog.textContent).toContain('Every member’s account goes');
      expect(dialog.textContent).toContain('Until that day any owner can keep the firm');
      // No second factor: nothing to type.
      expect(within(dialog).queryByRole('textbox')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/firm/deletion')?.body).toEqual({ code: null });
      const status = await findNotice();
      expect(within(status).getByRole('button', { name: 'Keep the firm' })).toBeTruthy();
      expect(within(section).getByText(/Scheduled: the firm will be deleted on Dec 24, 2026\./)).toBeTruthy();
      expect(within(section).queryByRole('button')).toBeNull();
    });

    it('asks an owner with two-step sign-in for a code, and shows the server’s word in the dialog when it is missing', async () => {
      const missing = 'Enter a current code from your authenticator app (or a recovery code).';
      const { calls } = serveDeletion('owner', {
        mfaEnabled: true,
        refuse: () => {
          const last = calls.filter((c) => c.method === 'POST').at(-1)?.body as { code: string | null } | undefined;
          return last?.code ? null : { status: 400, body: { error: missing } };
        },
      });
      renderWithProviders(<FirmPage />, { path: '/firm' });

      const section = await screen.findByRole('region', { name: 'Delete the firm' });
      await userEvent.click(await within(section).findByRole('button', { name: 'Delete firm...' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Doe Injury Law?' });
      const field = within(dialog).getByLabelText('Code from your authenticator app');
      expect(field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(field.hasAttribute('required')).toBe(true);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(missing);
      expect(screen.queryByText(notice)).toBeNull();

      // Enter in the field schedules too.
      await userEvent.type(field, ' 123456 {Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/firm/deletion').map((c) => c.body)).toEqual([
        { code: null },
        { code: '123456' },
      ]);
      await findNotice();
    });

    it('offers no deletion when the server would refuse it (the operator is a member), and says how to get there', async () => {
      const { calls } = serveDeletion('owner', { blocked: true });
      renderWithProviders(<FirmPage />, { path: '/firm' });
      const section = await screen.findByRole('region', { name: 'Delete the firm' });
      expect(await within(section).findByText(OPERATORS_FIRM_WAY)).toBeTruthy();
      expect(within(section).queryByRole('button')).toBeNull();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('points the operator, whose firm it is, to the hand-over of the operator role', async () => {
      serveDeletion('owner', { blocked: true, operator: true });
      renderWithProviders(<FirmPage />, { path: '/firm' });
      const section = await screen.findByRole('region', { name: 'Delete the firm' });
      expect(await within(section).findByText(HAND_OVER_FIRST)).toBeTruthy();
      const link = within(section).getByRole('link', { name: 'Hand over the operator role' });
      expect(link.getAttribute('href')).toBe('/admin/firms#hand-over');
      expect(within(section).queryByRole('button')).toBeNull();
    });

    it('shows the server’s refusal in the dialog, which stays open, when the firm cannot be deleted', async () => {
      const operators =
        'This firm cannot be deleted: the install’s operator is one of its members, and nobody could run Litstack without them.';
      serveDeletion('owner', { refuse: () => ({ status: 409, body: { error: operators } }) });
      renderWithProviders(<FirmPage />, { path: '/firm' });
      const section = await screen.findByRole('region', { name: 'Delete the firm' });
      await userEvent.click(await within(section).findByRole('button', { name: 'Delete firm...' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Doe Injury Law?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(operators);
      // Closed, the section is as it was; opened again, asked afresh.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByText(notice)).toBeNull();
      await userEvent.click(within(section).getByRole('button', { name: 'Delete firm...' }));
      expect(within(await screen.findByRole('dialog')).queryByRole('alert')).toBeNull();
    });

    it('tells a member the firm is to be deleted, when and by whom, with nothing to press', async () => {
      const { calls } = serveDeletion('member', { scheduled: true });
      renderWithProviders(<FirmPage />, { path: '/firm' });
      const status = await findNotice();
      expect(within(status).queryByRole('button')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Keep the firm' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete firm...' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Delete the firm' })).toBeNull();
      expect(calls.some((c) => c.url === '/api/auth/mfa')).toBe(false);
    });

    it.each(['admin', 'viewer'] as const)('shows the notice, with no control over the deletion, to: %s', async (role) => {
      serveDeletion(role, { scheduled: true });
      renderWithProviders(<FirmPage />, { path: '/firm' });
      await findNotice();
      await screen.findByRole('region', { name: 'Firm details' });
      expect(screen.queryByRole('region', { name: 'Delete the firm' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Keep the firm' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete firm...' })).toBeNull();
    });

    it('lets an owner keep the firm: the notice goes and a polite message says the firm stays', async () => {
      const { calls } = serveDeletion('owner', { scheduled: true });
      renderWithProviders(<FirmPage />, { path: '/firm' });
      const status = await findNotice();
      await userEvent.click(within(status).getByRole('button', { name: 'Keep the firm' }));

      const stays = await screen.findByText('The firm stays.');
      expect(stays.closest('[aria-live="polite"]')).toBeTruthy();
      expect(screen.queryByText(notice)).toBeNull();
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/firm/deletion')).toBe(true);
      // The owner can schedule it again.
      const section = screen.getByRole('region', { name: 'Delete the firm' });
      expect(await within(section).findByRole('button', { name: 'Delete firm...' })).toBeTruthy();
    });
  });
});
