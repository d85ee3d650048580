import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { request, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Mail that reaches people, told as one story on the real binary beside a real SMTP server
// (scripts/with-smtp.sh: every message it receives is a JSON file in LITSTACK_TEST_MAILDIR). The
// operator sets the mail server on /admin/mail from the keyboard and sends a test message; the
// owner invites Sam by email and Sam joins through the link in the message received; Sam forgets
// the password and sets a new one through the link mailed by "Forgot password?"; the outbox lists
// every message as sent. Locked out later, Sam gets the operator's reset link by mail too.

const smtpUrl = process.env.LITSTACK_TEST_SMTP_URL;
const maildir = process.env.LITSTACK_TEST_MAILDIR;

let server: TestServer;
let operator: TestBrowser;
let sam: TestBrowser;

const FIRM = 'Doe Injury Law';
const SAM = 'sam@mail-story.test';
const FROM = 'Litstack <litstack@doe-injury.test>';

/** What the test SMTP server wrote for one received message (scripts/smtp-sink.py). */
type Received = {
  envelopeTo: string;
  from: string;
  to: string;
  subject: string;
  messageId: string;
  text: string | null;
  html: string | null;
  images: string[];
};

/** The messages received so far, by file name. */
async function mailbox(): Promise<Map<string, Received>> {
  const names = (await readdir(maildir!)).filter((name) => name.endsWith('.json')).sort();
  const entries = await Promise.all(
    names.map(async (name) => [name, JSON.parse(await readFile(path.join(maildir!, name), 'utf8')) as Received] as const),
  );
  return new Map(entries);
}

/**
 * The first message for `to` that was not in the mailbox at `since`, waiting for it (the server's
 * sender works every 2 s) up to `timeoutMs`.
 */
async function nextMessage(to: string, since: ReadonlySet<string>, timeoutMs = 20_000): Promise<Received> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const [name, message] of await mailbox()) {
      if (!since.has(name) && message.envelopeTo === to) return message;
    }
    if (Date.now() > deadline) throw new Error(`no message for ${to} arrived within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const seen = async () => new Set((await mailbox()).keys());

/** The one link to `route` in a message's text. */
function linkIn(message: Received, route: string): string {
  const links = (message.text ?? '').match(new RegExp(`${server.url}${route}#\\S+`, 'g')) ?? [];
  expect(links, message.text ?? '').toHaveLength(1);
  return links[0]!;
}

async function expectAccessible(browser: TestBrowser, what: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(200);
    const violations = await axeViolations(browser.page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(1280);
}

/** The accessible name (or label) of the focused element, to follow Tab through a form. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    return (labelled || el.getAttribute('aria-label') || el.textContent || '').trim();
  });

async function newBrowser() {
  const browser = await launchBrowser({ baseURL: server.url });
  await browser.setWidth(1280);
  return browser;
}

beforeAll(async () => {
  if (!smtpUrl || !maildir)
    throw new Error('Run the mail browser test under scripts/with-smtp.sh (LITSTACK_TEST_SMTP_URL, LITSTACK_TEST_MAILDIR).');
  server = await startServer();
  operator = await newBrowser();
  // Pat Doe, the first account: the install's operator and the owner of Doe Injury Law.
  await signUpAndOnboard(operator.page, 'pat@doe-injury.test');
});

afterAll(async () => {
  for (const browser of [operator, sam]) await browser?.close();
  await server?.stop();
});

describe('mail', () => {
  test('with mail off, sign-in offers no "Forgot password?" and the outbox says messages wait', async () => {
    const visitor = await newBrowser();
    try {
      await visitor.page.goto('/auth/sign-in');
      await visitor.page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await visitor.page.waitForLoadState('networkidle');
      expect(await visitor.page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(0);
    } finally {
      await visitor.close();
    }

    const page = operator.page;
    await page.goto('/matches');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail', exact: true }).click();
    await page.waitForURL('**/admin/mail');
    await page.getByRole('heading', { name: 'Mail', level: 1 }).waitFor();
    await page.getByText('Mail is off.', { exact: true }).waitFor();
    await page.getByText('Mail is off: messages wait here until a mail server is set.').waitFor();
    await page.getByText('No message yet.').waitFor();
    await operator.screenshotAtDesktopAndPhone('mail-admin-off');
    await expectAccessible(operator, '/admin/mail with mail off');
  });

  test('the operator saves the mail server from the keyboard and sends a test email', async () => {
    const page = operator.page;
    const form = page.getByRole('form', { name: 'Mail server settings' });
    await form.getByLabel('SMTP address').focus();
    await page.keyboard.type(smtpUrl!);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('SMTP password');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('From address');
    await page.keyboard.type(FROM);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^Allow plain SMTP to another machine/);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Save');
    await page.keyboard.press('Enter');
    await form.getByText('Saved: mail is on.').waitFor();
    const url = new URL(smtpUrl!);
    await page.getByText(`sending through ${url.hostname}:${url.port}`, { exact: false }).waitFor();
    expect(await form.getByLabel('SMTP password').inputValue()).toBe('');
    await page.getByText('Mail is off: messages wait here until a mail server is set.').waitFor({ state: 'detached' });

    const before = await seen();
    const test = page.getByRole('form', { name: 'Send a test email' });
    await test.getByLabel('Send to (optional)').fill('ops@doe-injury.test');
    await test.getByLabel('Send to (optional)').press('Enter');
    const answer = test.getByRole('status');
    await answer.getByText('Sent. The mail server answered:').waitFor();
    expect(await answer.textContent()).toMatch(/250\b/);
    const received = await nextMessage('ops@doe-injury.test', before);
    expect(received.subject).toBe('Litstack test message');
    expect(received.from).toBe(FROM);
    await operator.screenshotAtDesktopAndPhone('mail-admin-on');
    await expectAccessible(operator, '/admin/mail with mail on');
  });

  test('the owner invites Sam by email; Sam joins through the link in the message', async () => {
    const page = operator.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Firm', exact: true }).click();
    await page.getByRole('heading', { name: 'Firm', level: 1 }).waitFor();
    const before = await seen();
    const form = page.getByRole('form', { name: 'Invite a person' });
    await form.getByLabel('Email').fill(SAM);
    await form.getByRole('button', { name: 'Create invitation link' }).click();
    const dialog = page.getByRole('dialog', { name: `Invitation for ${SAM}` });
    await dialog.getByText(`We emailed the link to ${SAM}.`).waitFor();
    const shown = await dialog.getByLabel('Invitation link').inputValue();
    expect(await dialog.getByText('Email delivery is not set up yet').count()).toBe(0);
    await operator.screenshotAtDesktopAndPhone('firm-invitation-emailed');
    await expectAccessible(operator, 'the emailed invitation dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const message = await nextMessage(SAM, before);
    expect(message.subject).toBe(`Pat Doe invited you to ${FIRM} on Litstack`);
    expect(message.images).toEqual([]);
    const link = linkIn(message, '/join');
    expect(link).toBe(shown);

    sam = await newBrowser();
    await sam.page.goto(link);
    await sam.page.getByRole('heading', { name: `Join ${FIRM} as a member` }).waitFor();
    expect(await sam.page.getByLabel('Email').inputValue()).toBe(SAM);
    await sam.page.getByLabel('Full Name').fill('Sam Lee');
    await sam.page.getByLabel('Password').fill('joined-by-email-1');
    await sam.page.getByRole('button', { name: `Join ${FIRM}` }).click();
    await sam.page.waitForURL('**/matches');
    await sam.page.getByLabel('Signed in as').getByText(FIRM).waitFor();
  });

  test('Sam forgets the password: "Forgot password?" mails a link that sets a new one', async () => {
    const page = sam.page;
    await page.getByRole('complementary').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/sign-in');
    // From the keyboard: the link follows the password field. It shows once the server has said
    // it mails reset links.
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await page.getByLabel('Password').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Forgot password?');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/auth/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await sam.screenshotAtDesktopAndPhone('forgot-password');
    await expectAccessible(sam, '/auth/forgot-password');

    const before = await seen();
    await page.getByLabel('Email').fill(SAM);
    await page.getByLabel('Email').press('Enter');
    const status = page.getByRole('status');
    await status.getByText('If an account uses this email, a link to set a new password is on its way. It works for 15 minutes.').waitFor();
    await sam.screenshotAtDesktopAndPhone('forgot-password-sent');
    await expectAccessible(sam, '/auth/forgot-password, sent');

    const message = await nextMessage(SAM, before);
    expect(message.subject).toBe('Reset your Litstack password');
    const link = linkIn(message, '/reset-password');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('remembered-now-2');
    await page.getByLabel('Confirm New Password').fill('remembered-now-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/auth/sign-in');
    await page.getByText('Your new password is set. Sign in with it to continue.').waitFor();
    await page.getByLabel('Email').fill(SAM);
    await page.getByLabel('Password').fill('joined-by-email-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('alert')
      .getByText(/Invalid email or password/)
      .waitFor();
    await page.getByLabel('Password').fill('remembered-now-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/matches');
  });

  test('Sam is locked out; the operator makes a reset link, which is mailed too', async () => {
    const client = await request.newContext({ baseURL: server.url });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await client.post('/api/auth/sign-in', { data: { email: SAM, password: 'not-the-password-9' } });
        expect(res.status()).toBe(401);
      }
    } finally {
      await client.dispose();
    }
    const page = operator.page;
    await page.goto('/admin/locked-accounts');
    const before = await seen();
    await page
      .getByRole('list', { name: 'Locked accounts' })
      .getByRole('button', { name: `Reset link for ${SAM}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Password-reset link for Sam Lee' });
    await dialog.getByText(`We emailed the link to ${SAM}.`).waitFor();
    const shown = await dialog.getByLabel('Reset link').inputValue();
    await expectAccessible(operator, 'the operator’s emailed reset link');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const message = await nextMessage(SAM, before);
    expect(message.subject).toBe('Reset your Litstack password');
    expect(linkIn(message, '/reset-password')).toBe(shown);
  });

  test('the outbox lists the invitation and the reset links as sent', async () => {
    const page = operator.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail', exact: true }).click();
    await page.getByRole('heading', { name: 'Mail', level: 1 }).waitFor();
    const outbox = page.getByRole('table', { name: /Outbox/ });
    const invitation = outbox.getByRole('row', { name: new RegExp(`invited you to ${FIRM}`) });
    // The newest first: the operator's reset link, then Sam's own.
    const resets = outbox.getByRole('row', { name: /Reset your Litstack password/ });
    await expect.poll(() => resets.count(), { timeout: 15_000 }).toBe(2);
    const reset = resets.last();
    for (const row of [invitation, resets.first(), reset]) {
      await row.waitFor();
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Sent');
      expect(await row.textContent()).toContain(`To ${SAM}`);
      expect(await row.textContent()).toContain('1 attempt');
      expect(await row.getByRole('button').count()).toBe(0);
    }
    expect(await invitation.textContent()).toContain('Invitation');
    expect(await reset.textContent()).toContain('Password reset');
    expect(await outbox.getByRole('row').count()).toBe(4); // the header and three messages
    await operator.screenshotAtDesktopAndPhone('mail-admin-outbox');
    await expectAccessible(operator, '/admin/mail with the outbox');
  });
});

describe('a mail server that cannot be reached', () => {
  test('the test email says it was not sent; a message waits with the answer, is retried, then dropped', async () => {
    const page = operator.page;
    await page.goto('/admin/mail');
    const form = page.getByRole('form', { name: 'Mail server settings' });
    // A loopback port nothing listens on: every connection is refused at once.
    await form.getByLabel('SMTP address').fill('smtp://127.0.0.1:9');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved: mail is on.').waitFor();

    const test = page.getByRole('form', { name: 'Send a test email' });
    await test.getByRole('button', { name: 'Send a test email' }).click();
    await test.getByRole('alert').getByText('Not sent. The mail server answered:').waitFor();

    const invite = await page.request.post('/api/firm/invitations', { data: { email: 'kim@mail-story.test', role: 'viewer' } });
    expect(invite.status()).toBe(201);
    expect((await invite.json()) as { emailed: boolean }).toMatchObject({ emailed: true });

    await page.reload();
    const row = page.getByRole('table', { name: /Outbox/ }).getByRole('row', { name: /To kim@mail-story\.test/ });
    // The sender tries within 2 s, fails, and waits a minute: the row shows the attempt and why.
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('1 attempt');
    expect(await row.textContent()).toContain('Queued');
    expect(await row.textContent()).toContain('Next attempt');
    await operator.screenshotAtDesktopAndPhone('mail-admin-waiting');

    await row.getByRole('button', { name: /^Retry the message to kim@mail-story\.test/ }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Sending again', { exact: true })
      .waitFor();

    await row.getByRole('button', { name: /^Drop the message to kim@mail-story\.test/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Drop the message to kim@mail-story.test?' });
    await expectAccessible(operator, 'the drop dialog');
    await dialog.getByRole('button', { name: 'Drop' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Dropped');
    expect(await row.getByRole('button').count()).toBe(0);

    // Mail off: the outbox says messages wait, and sign-in no longer offers "Forgot password?".
    await page.getByRole('button', { name: 'Turn mail off' }).click();
    const ask = page.getByRole('dialog', { name: 'Turn mail off?' });
    await ask.getByRole('button', { name: 'Turn mail off' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByText('Mail is off: messages wait here until a mail server is set.').waitFor();
    const setup = await page.request.get('/api/auth/setup');
    expect(((await setup.json()) as { passwordResetByEmail: boolean }).passwordResetByEmail).toBe(false);
  });
});
