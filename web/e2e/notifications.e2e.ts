import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Notifications on the real binary beside a real SMTP server (scripts/with-smtp.sh): Pat, the
// owner, makes Ro an admin; Ro's bell shows it, marks it read, and keyboard closes the list; the
// mail it sent has a one-click unsubscribe link whose page turns that email off; Ro turns it back
// on under Notifications on the profile; Ro sets a booked demo's date on the shortlist.

const smtpUrl = process.env.LITSTACK_TEST_SMTP_URL;
const maildir = process.env.LITSTACK_TEST_MAILDIR;

let server: TestServer;
let owner: TestBrowser;
let ro: TestBrowser;

const RO = 'ro@notify-story.test';

type Received = { envelopeTo: string; subject: string; listUnsubscribe: string | null; listUnsubscribePost: string | null };

async function messageFor(to: string, subject: string, timeoutMs = 20_000): Promise<Received> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of (await readdir(maildir!)).filter((n) => n.endsWith('.json'))) {
      const message = JSON.parse(await readFile(path.join(maildir!, name), 'utf8')) as Received;
      if (message.envelopeTo === to && message.subject === subject) return message;
    }
    if (Date.now() > deadline) throw new Error(`no "${subject}" for ${to}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectAccessible(browser: TestBrowser, what: string, before?: () => Promise<void>) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(200);
    await before?.();
    const violations = await axeViolations(browser.page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
    await browser.screenshot(`notifications-${what.replace(/\W+/g, '-')}-${width}`);
  }
  await browser.setWidth(1280);
}

async function newBrowser() {
  const browser = await launchBrowser({ baseURL: server.url });
  await browser.setWidth(1280);
  return browser;
}

const bell = (browser: TestBrowser) => browser.page.getByRole('button', { name: /^Notifications/ });

beforeAll(async () => {
  if (!smtpUrl || !maildir) throw new Error('Run this browser test under scripts/with-smtp.sh.');
  server = await startServer();
  owner = await newBrowser();
  await signUpAndOnboard(owner.page, 'pat@notify-story.test');
  const mail = await owner.page.request.put('/api/admin/mail', {
    data: { smtpUrl, from: 'Litstack <litstack@notify-story.test>' },
  });
  expect(mail.ok(), await mail.text()).toBe(true);
  const invited = await owner.page.request.post('/api/firm/invitations', { data: { email: RO, role: 'member' } });
  expect(invited.ok(), await invited.text()).toBe(true);
  const token = ((await invited.json()) as { link: string }).link.split('#')[1]!;
  ro = await newBrowser();
  const joined = await ro.page.request.post('/api/auth/sign-up', {
    data: { name: 'Ro Lee', email: RO, password: 'browse-the-directory-1', inviteToken: token },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const id = ((await joined.json()) as { user: { id: number } }).user.id;
  const changed = await owner.page.request.patch(`/api/firm/members/${id}`, { data: { role: 'admin' } });
  expect(changed.ok(), await changed.text()).toBe(true);
});

afterAll(async () => {
  for (const browser of [owner, ro]) await browser?.close();
  await server?.stop();
});

describe('notifications', () => {
  test('the bell shows the role change; Escape closes its list; Mark all read clears the count', async () => {
    const page = ro.page;
    await page.goto('/shortlist');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const list = page.getByRole('region', { name: 'Your notifications' });
    await list.getByText('Your role in Doe Injury Law is now admin').waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications, 1 unread');

    await expectAccessible(ro, 'bell open', async () => {
      if ((await page.getByRole('region', { name: 'Your notifications' }).count()) === 0) await bell(ro).click();
      await page.getByRole('region', { name: 'Your notifications' }).waitFor();
    });
    await page.reload();
    await bell(ro).click();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  test('the mail has a one-click unsubscribe link whose page turns that email off', async () => {
    const mail = await messageFor(RO, 'Your role in Doe Injury Law is now admin');
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const url = new URL(mail.listUnsubscribe!.replace(/^<|>$/g, ''));
    expect(url.pathname).toBe('/api/unsubscribe');
    const visitor = await newBrowser();
    try {
      await visitor.page.goto(`/unsubscribe${url.search}`);
      await visitor.page.getByText('Your role in your firm changed').first().waitFor();
      await expectAccessible(visitor, 'unsubscribe page');
      await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
      await visitor.page
        .getByRole('status')
        .getByText(/Done: you will no longer get emails/)
        .waitFor();

      await visitor.page.goto('/unsubscribe?token=forged.roleChanged.1.00');
      await visitor.page
        .getByRole('alert')
        .getByText(/not valid/)
        .waitFor();
    } finally {
      await visitor.close();
    }
  });

  test('the preferences show the unsubscribe, keep security email on, and save', async () => {
    const page = ro.page;
    await page.goto('/profile');
    const roleEmail = page.getByRole('checkbox', { name: 'Email: Your role in your firm changed' });
    await roleEmail.waitFor();
    expect(await roleEmail.isChecked()).toBe(false);
    const securityEmail = page.getByRole('checkbox', { name: 'Email: A new sign-in to your account' });
    expect(await securityEmail.isDisabled()).toBe(true);
    expect(await securityEmail.isChecked()).toBe(true);
    // Renewal reminders (issue 32) are a kind of their own, whose email can be turned off.
    const renewalEmail = page.getByRole('checkbox', { name: 'Email: Renewal notice deadlines' });
    expect(await renewalEmail.isDisabled()).toBe(false);
    expect(await renewalEmail.isChecked()).toBe(true);
    await roleEmail.check();
    await page.getByRole('checkbox', { name: 'In app: The day after a booked demo' }).uncheck();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/notifications') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save notifications' }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await roleEmail.waitFor();
    expect(await roleEmail.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'In app: The day after a booked demo' }).isChecked()).toBe(false);
    await page.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
    await expectAccessible(ro, 'preferences');
  });

  test('a booked demo gets its date on the shortlist', async () => {
    const page = ro.page;
    const put = await page.request.put('/api/shortlist/12', { data: { status: 'Demo booked' } });
    expect(put.ok(), await put.text()).toBe(true);
    await page.goto('/shortlist');
    const date = page.getByLabel(/^Demo date with/);
    await date.waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/shortlist/12') && r.request().method() === 'PUT');
    await date.fill('2026-03-10');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByLabel(/^Demo date with/).waitFor();
    expect(await page.getByLabel(/^Demo date with/).inputValue()).toBe('2026-03-10');
    await expectAccessible(ro, 'shortlist demo date');
  });
});
