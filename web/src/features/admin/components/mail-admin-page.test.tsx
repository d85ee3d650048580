import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MailSettings, Outbox } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { MailAdminPage } from './mail-admin-page';

afterEach(() => vi.unstubAllGlobals());

const operator = testUser('owner', { isAdmin: true, email: 'pat@doe-injury.test' });
const saved: MailSettings = {
  enabled: true,
  smtpUrl: 'smtp://litstack@mail.doe-injury.test:587',
  host: 'mail.doe-injury.test',
  port: 587,
  security: 'starttls',
  username: 'litstack',
  hasPassword: true,
  from: 'Litstack <litstack@doe-injury.test>',
  allowPlain: false,
  publicAddress: 'https://litstack.doe-injury.test',
};
const off: MailSettings = { enabled: false, hasPassword: false, allowPlain: false };
const outbox: Outbox = {
  mailEnabled: true,
  items: [
    {
      id: 7,
      kind: 'passwordReset',
      to: 'sam@doe-injury.test',
      subject: 'Set a new Litstack password',
      status: 'failed',
      attempts: 8,
      createdAt: '2026-11-20T10:00:00Z',
      lastAnswer: '550 5.1.1 No such user',
    },
    {
      id: 6,
      kind: 'invitation',
      to: 'kim@doe-injury.test',
      subject: 'Join Doe Injury Law on Litstack',
      status: 'sent',
      attempts: 1,
      createdAt: '2026-11-19T10:00:00Z',
      sentAt: '2026-11-19T10:00:02Z',
      lastAnswer: '250 2.0.0 Ok',
    },
  ],
};

function serve(extra: Parameters<typeof mockFetch>[0] = {}, settings: MailSettings = saved, box: Outbox = outbox) {
  const mock = mockFetch({ 'GET /api/admin/mail': { body: settings }, 'GET /api/admin/outbox': { body: box }, ...extra });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('MailAdminPage', () => {
  it('tells anyone but the operator it needs an admin', async () => {
    const { calls } = serve();
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: testUser('owner') });
    expect(await screen.findByText('Admin access required')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin'))).toBe(false);
  });

  it('shows the saved settings without the password, and keeps the saved password when the field is left empty', async () => {
    const { calls } = serve({ 'PUT /api/admin/mail': { body: { ...saved, from: 'Doe <mail@doe-injury.test>' } } });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    const form = await screen.findByRole('form', { name: 'Mail server settings' });
    expect(screen.getByText(/mail\.doe-injury\.test:587, STARTTLS, required/)).toBeTruthy();
    expect((within(form).getByLabelText('SMTP address') as HTMLInputElement).value).toBe(saved.smtpUrl);
    expect((within(form).getByLabelText('SMTP password') as HTMLInputElement).value).toBe('');
    expect(within(form).getByText('A password is saved: leave empty to keep the saved one.')).toBeTruthy();
    const from = within(form).getByLabelText('From address');
    await userEvent.clear(from);
    await userEvent.type(from, 'Doe <mail@doe-injury.test>');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved: mail is on.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      smtpUrl: saved.smtpUrl,
      from: 'Doe <mail@doe-injury.test>',
      allowPlain: false,
    });
  });

  it('says where links in mail point, and that they are not sent while the install does not know its address', async () => {
    serve();
    const { unmount } = renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    expect(await screen.findByText(/Links in mail open https:\/\/litstack\.doe-injury\.test\./)).toBeTruthy();
    expect(screen.queryByText(/Mail with a link is not sent/)).toBeNull();
    unmount();
    serve({}, { ...saved, publicAddress: null });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    expect(await screen.findByText(/Mail with a link is not sent/)).toBeTruthy();
    expect(screen.getByText('--public-url')).toBeTruthy();
  });

  it('sends a new password and the plain-SMTP choice; shows the server’s refusal', async () => {
    const refused = 'Plain SMTP to mail.doe-injury.test is refused: tick "Allow plain SMTP" or use smtps://';
    const { calls } = serve({ 'PUT /api/admin/mail': { status: 400, body: { error: refused } } });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    const form = await screen.findByRole('form', { name: 'Mail server settings' });
    await userEvent.type(within(form).getByLabelText('SMTP password'), 'hunter2');
    await userEvent.click(within(form).getByLabelText(/Allow plain SMTP to another machine/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(refused);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      smtpUrl: saved.smtpUrl,
      password: 'hunter2',
      from: saved.from,
      allowPlain: true,
    });
  });

  it('checks the address before asking the server', async () => {
    const { calls } = serve({}, off, { mailEnabled: false, items: [] });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    const form = await screen.findByRole('form', { name: 'Mail server settings' });
    await userEvent.type(within(form).getByLabelText('SMTP address'), 'mail.doe-injury.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Start the address with smtp:// (STARTTLS) or smtps:// (TLS)')).toBeTruthy();
    expect(within(form).getByText(/Enter the address messages come from/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('turns mail off after asking', async () => {
    let settings = saved;
    const { calls } = serve({
      'GET /api/admin/mail': () => ({ body: settings }),
      'DELETE /api/admin/mail': () => {
        settings = off;
        return { status: 204 };
      },
    });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn mail off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn mail off?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn mail off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/mail')).toBe(true);
    expect(await screen.findByText('Mail is off.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn mail off' })).toBeNull();
  });

  it('sends a test email and shows what the mail server answered', async () => {
    const { calls } = serve({ 'POST /api/admin/mail/test': { body: { sent: true, answer: '250 2.0.0 Ok: queued' } } });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    const form = await screen.findByRole('form', { name: 'Send a test email' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send a test email' }));
    expect((await within(form).findByRole('status')).textContent).toContain('Sent. The mail server answered:250 2.0.0 Ok: queued');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ to: null });
  });

  it('shows a test message the server did not take, and an address', async () => {
    const { calls } = serve({ 'POST /api/admin/mail/test': { body: { sent: false, answer: '535 5.7.8 Authentication failed' } } });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    const form = await screen.findByRole('form', { name: 'Send a test email' });
    await userEvent.type(within(form).getByLabelText('Send to (optional)'), 'kim@doe-injury.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Send a test email' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Not sent. The mail server answered:535 5.7.8 Authentication failed',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ to: 'kim@doe-injury.test' });
  });

  it('lists the outbox with Retry and Drop only where they apply', async () => {
    const { calls } = serve({
      'POST /api/admin/outbox/7/retry': { body: { ...outbox.items[0], status: 'queued', attempts: 0 } },
      'DELETE /api/admin/outbox/7': { body: { ...outbox.items[0], status: 'dropped' } },
    });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    const table = await screen.findByRole('table', { name: /Outbox/ });
    const failed = within(table).getByRole('row', { name: /Set a new Litstack password/ });
    expect(failed.textContent).toContain('Password reset');
    expect(failed.textContent).toContain('To sam@doe-injury.test');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('8 attempts');
    expect(failed.textContent).toContain('550 5.1.1 No such user');
    const sent = within(table).getByRole('row', { name: /Join Doe Injury Law/ });
    expect(within(sent).queryByRole('button')).toBeNull();
    expect(sent.textContent).toContain('Sent');

    await userEvent.click(within(failed).getByRole('button', { name: /^Retry the message to sam@doe-injury.test/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/outbox/7/retry')).toBe(true));

    await userEvent.click(within(failed).getByRole('button', { name: /^Drop the message to sam@doe-injury.test/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Drop the message to sam@doe-injury.test?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/outbox/7')).toBe(true));
    expect(screen.queryByText('Mail is off: messages wait here until a mail server is set.')).toBeNull();
  });

  it('says messages wait while mail is off', async () => {
    serve({}, off, { mailEnabled: false, items: [{ ...outbox.items[1]!, status: 'queued', attempts: 0, sentAt: null, lastAnswer: null }] });
    renderWithProviders(<MailAdminPage />, { path: '/admin/mail', user: operator });
    expect(await screen.findByText('Mail is off: messages wait here until a mail server is set.')).toBeTruthy();
  });
});
