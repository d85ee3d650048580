import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { expectAccessible } from './support/accessible';
import { launchBrowser, screenshotDir, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';
import { totp } from './support/totp';

// The vendor's side of vendor accounts, told as one story on the real binary beside a real SMTP
// server (scripts/with-smtp.sh). The operator turns mail on; Ana, at Supio, claims Supio's listing
// from the keyboard, choosing the listing in the picker (a gmail.com address first, which is refused), takes up the link mailed to her
// work address and lands on her listing. She proposes a booking link and that Supio signs a BAA (a
// `javascript:` link first, which is refused); the operator approves through the API, and both
// Ana's page and a firm's vendor profile then credit the facts to Supio. Last, Ana sets up an
// authenticator app, is shown its ten recovery codes once (and downloads them), signs in again
// with its code, then with a recovery code, and is told how many are left.

const smtpUrl = process.env.LITSTACK_TEST_SMTP_URL;
const maildir = process.env.LITSTACK_TEST_MAILDIR;

/** Supio: https://www.supio.com/ in data/vendors.csv, with no booking link and no BAA stated. */
const SUPIO = 'Supio';
const SUPIO_DOMAIN = 'supio.com';
const ANA = 'ana@supio.com';
const PASSWORD = 'keeps-the-listing-1';
const BOOKING = 'https://www.supio.com/demo-for-firms';

let server: TestServer;
let operator: TestBrowser;
let ana: TestBrowser;
let supioId: number;
/** The authenticator's recovery codes, as its set-up showed them. */
let recoveryCodes: string[] = [];

// The day the server credits an approval to (UTC), as the screens show it.
const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What the test SMTP server wrote for one received message (scripts/smtp-sink.py). */
type Received = { envelopeTo: string; subject: string; text: string | null };

async function mailbox(): Promise<Map<string, Received>> {
  const names = (await readdir(maildir!)).filter((name) => name.endsWith('.json')).sort();
  const entries = await Promise.all(
    names.map(async (name) => [name, JSON.parse(await readFile(path.join(maildir!, name), 'utf8')) as Received] as const),
  );
  return new Map(entries);
}

const seen = async () => new Set((await mailbox()).keys());

/** The first message for `to` not in the mailbox at `since`, waiting for it (the sender works every 2 s). */
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

/** The one link to `route` in a message's text. */
function linkIn(message: Received, route: string): string {
  const links = (message.text ?? '').match(new RegExp(`${server.url}${route}#\\S+`, 'g')) ?? [];
  expect(links, message.text ?? '').toHaveLength(1);
  return links[0]!;
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

const picker = (page: Page) => page.getByRole('combobox', { name: 'Your company’s listing' });
const listing = (page: Page) => page.getByRole('region', { name: 'Your listing as firms see it' });
const proposalForm = (page: Page) => page.getByRole('form', { name: 'Propose a change' });
/** The value and provenance (the `<dd>`) of one fact of a list of facts, found by its term. */
const factOf = (scope: Locator, term: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt').getByText(term, { exact: true }) })
    .locator('dd');

/** Signs out from the header, then types Ana's email and password, which leads to the code step. */
async function signOutAndEnterPassword(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/vendor/sign-in');
  // Signed out: the vendor's home sends the browser back to sign-in.
  await page.goto('/vendor');
  await page.waitForURL('**/vendor/sign-in');
  await page.getByLabel('Email').fill(ANA);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Code from your authenticator app' }).waitFor();
}

beforeAll(async () => {
  if (!smtpUrl || !maildir)
    throw new Error('Run the vendor account browser test under scripts/with-smtp.sh (LITSTACK_TEST_SMTP_URL, LITSTACK_TEST_MAILDIR).');
  server = await startServer();
  operator = await newBrowser();
  // Pat Doe, the first account: the install's operator and a firm's owner.
  await signUpAndOnboard(operator.page, 'pat@doe-injury.test');
  const mail = await operator.page.request.put('/api/admin/mail', {
    data: { smtpUrl, from: 'Litstack <litstack@doe-injury.test>' },
    headers: { Origin: new URL(server.url).origin },
  });
  expect(mail.status(), await mail.text()).toBe(200);
  const found = (await (await operator.page.request.get('/api/vendors?q=supio')).json()) as {
    items: { id: number; name: string; websiteUrl: string | null; bookingUrl: string | null }[];
  };
  const supio = found.items.find((v) => v.name === SUPIO);
  expect(supio?.websiteUrl).toBe('https://www.supio.com/');
  expect(supio?.bookingUrl ?? null).toBeNull();
  supioId = supio!.id;
});

afterAll(async () => {
  for (const browser of [operator, ana]) await browser?.close();
  await server?.stop();
});

describe('a vendor keeps its listing', () => {
  test('Ana claims Supio’s listing from the keyboard; a gmail.com address is refused', async () => {
    ana = await newBrowser();
    const page = ana.page;
    // The firm's sign-in leads vendors to theirs.
    await page.goto('/auth/sign-in');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await ana.screenshotAtDesktopAndPhone('vendor-account-firm-sign-in');
    await page.getByRole('link', { name: 'Keep your company’s listing' }).click();
    await page.waitForURL('**/vendor/sign-in');
    await page.getByRole('heading', { name: 'Vendor sign-in' }).waitFor();
    await expectAccessible(ana, '/vendor/sign-in');
    await page.getByRole('link', { name: 'Claim your listing' }).click();
    await page.waitForURL('**/vendor/claim');
    await picker(page).waitFor();
    expect(await picker(page).inputValue()).toBe('');
    await expectAccessible(ana, '/vendor/claim');

    // A claim link's `?vendor=` preselects its listing.
    await page.goto(`/vendor/claim?vendor=${supioId}`);
    await page.getByText(`Use your address at ${SUPIO_DOMAIN}.`).waitFor();
    expect(await picker(page).inputValue()).toBe(String(supioId));

    // From the keyboard alone: Tab reaches the listing first (typing its name picks it), then the
    // email, then the button.
    await page.goto('/vendor/claim');
    await picker(page).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Your company’s listing');
    await page.keyboard.type(SUPIO);
    expect(await picker(page).inputValue()).toBe(String(supioId));
    await page.getByText(`Use your address at ${SUPIO_DOMAIN}.`).waitFor();
    await expectAccessible(ana, '/vendor/claim with a listing chosen');
    await ana.screenshotAtDesktopAndPhone('vendor-account-claim');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Work email');
    await page.keyboard.type('ana@gmail.com');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Email me a link');
    await page.keyboard.press('Enter');
    const refusal = page.getByRole('alert');
    await refusal
      .getByText('gmail.com is a public mail service, where anyone can open an address: use your address at supio.com')
      .waitFor();
    await expectAccessible(ana, '/vendor/claim, refused');

    const before = await seen();
    // Back to the email (the browser's place in the Tab order is still the button's).
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Work email');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(ANA);
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`We sent a link to ${ANA}. It works once and for 7 days.`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await ana.screenshotAtDesktopAndPhone('vendor-account-claim-sent');

    const message = await nextMessage(ANA, before);
    const link = linkIn(message, '/vendor/join');

    await page.goto(link);
    await page.getByRole('heading', { name: `Keep ${SUPIO}’s listing` }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(ANA);
    await expectAccessible(ana, '/vendor/join');
    await ana.screenshotAtDesktopAndPhone('vendor-account-join');
    await page.getByLabel('Full Name').fill('Ana Ruiz');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: `Keep ${SUPIO}’s listing` }).click();
    await page.waitForURL(/\/vendor$/);
    await page.getByRole('heading', { name: SUPIO, level: 1 }).waitFor();
    await page.getByRole('banner').getByText('Ana Ruiz').waitFor();
  });

  test('Ana proposes a booking link and a BAA; a javascript: link is refused', async () => {
    const page = ana.page;
    await factOf(listing(page), 'Booking link').getByText('Not stated').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(ana, '/vendor');
    await ana.screenshotAtDesktopAndPhone('vendor-account-home');

    const form = proposalForm(page);
    await form.getByLabel('Booking link').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Send for review' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^bookingUrl: /);
    await expectAccessible(ana, '/vendor with a refused proposal');

    await form.getByLabel('Booking link').fill(BOOKING);
    await form.getByLabel('Signs a BAA').selectOption({ label: 'Yes' });
    await form.getByRole('button', { name: 'Send for review' }).click();
    await form.getByRole('status').getByText('Sent for review', { exact: false }).waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);

    const proposals = page.getByRole('region', { name: 'Your proposals' });
    const open = proposals.getByRole('list', { name: 'Proposals' }).getByRole('listitem').first();
    await open.getByText('Waiting for review').waitFor();
    await open.getByText(`Booking link: Not stated → ${BOOKING}`).waitFor();
    await open.getByText('Signs a BAA: Not stated → Yes').waitFor();
    expect(await open.getByRole('button', { name: /^Withdraw/ }).count()).toBe(1);
    await expectAccessible(ana, '/vendor with an open proposal');
    await ana.screenshotAtDesktopAndPhone('vendor-account-home-proposed');
  });

  test('once the operator approves, Ana’s listing and a firm’s vendor profile credit Supio', async () => {
    const queue = (await (await operator.page.request.get('/api/admin/vendor-proposals')).json()) as {
      open: { id: number; vendorId: number }[];
    };
    const proposal = queue.open.find((p) => p.vendorId === supioId);
    expect(proposal).toBeTruthy();
    // A BAA offered is an attestation: approved with the evidence the operator saw, here a note.
    const decided = await operator.page.request.post(`/api/admin/vendor-proposals/${proposal!.id}/decision`, {
      data: { approve: true, evidence: { hipaaBaa: { note: 'Supio showed its signed BAA template on a call' } } },
      headers: { Origin: new URL(server.url).origin },
    });
    expect(decided.status(), await decided.text()).toBe(200);

    const page = ana.page;
    await page.reload();
    const supplied = `Supplied by ${SUPIO} on ${today()}`;
    const booking = factOf(listing(page), 'Booking link');
    await booking.getByText(BOOKING).waitFor();
    await booking.getByText(supplied).waitFor();
    const baa = factOf(listing(page), 'HIPAA business associate agreement');
    await baa.getByText('Signs a BAA').waitFor();
    await baa.getByText(supplied).waitFor();
    const notices = page.getByRole('region', { name: 'Notices (1 new)' });
    await notices.getByText(`Your proposal for ${SUPIO} is live`).waitFor();
    await page.getByRole('region', { name: 'Your proposals' }).getByText('Approved', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(ana, '/vendor after the approval');
    await ana.screenshotAtDesktopAndPhone('vendor-account-home-approved');

    await notices.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('region', { name: 'Notices', exact: true }).waitFor();

    // A firm's vendor profile.
    const firm = operator.page;
    await firm.goto(`/vendors/${supioId}`);
    await firm.getByRole('heading', { name: SUPIO, level: 1 }).waitFor();
    const facts = firm.getByRole('region', { name: 'Facts and sources' });
    await factOf(facts, 'Booking link').getByText(supplied).waitFor();
    const security = firm.getByRole('region', { name: 'Security' });
    const firmBaa = factOf(security, 'HIPAA business associate agreement');
    await firmBaa.getByText('Signs a BAA').waitFor();
    await firmBaa.getByText(supplied).waitFor();
    await firmBaa.getByText(`evidence seen by the operator on ${today()}`).waitFor();
    // The operator's note stays with the operator.
    expect(await firm.getByText('Supio showed its signed BAA template').count()).toBe(0);
  });

  test('Ana sets up an authenticator app, saves its ten recovery codes, then signs in with its code', async () => {
    const page = ana.page;
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const setup = security.getByRole('form', { name: 'Set up an authenticator app' });
    await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await setup.getByTestId('vendor-totp-secret').textContent())!.trim();
    await expectAccessible(ana, '/vendor, setting up an authenticator');
    await setup.getByLabel('Code from the app').fill(totp(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();

    // The ten recovery codes, shown this once.
    const list = security.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    await security.getByRole('status').getByText('Your authenticator app is on.').waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){4}$/);
    expect(await security.getByText(/recovery codes are left/).count()).toBe(0);
    await security.getByRole('button', { name: 'I saved them' }).scrollIntoViewIfNeeded();
    await expectAccessible(ana, '/vendor, the recovery codes');
    await ana.screenshotAtDesktopAndPhone('vendor-account-recovery-codes');
    await security.screenshot({ path: path.join(screenshotDir, 'vendor-account-recovery-codes-section-1280.png') });
    await ana.setWidth(widths.phone);
    await security.screenshot({ path: path.join(screenshotDir, 'vendor-account-recovery-codes-section-390.png') });
    await ana.setWidth(1280);

    // Downloaded as a text file with all ten.
    const [download] = await Promise.all([page.waitForEvent('download'), security.getByRole('button', { name: 'Download .txt' }).click()]);
    expect(download.suggestedFilename()).toBe('litstack-recovery-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    for (const code of recoveryCodes) expect(saved).toContain(code);

    await security.getByRole('button', { name: 'I saved them' }).click();
    await security.getByText('On: signing in asks for a code from your authenticator app. 10 recovery codes are left.').waitFor();
    expect(await security.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
    await security.getByRole('list', { name: 'Sessions' }).getByText('This browser').waitFor();

    await signOutAndEnterPassword(page);
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(ana, '/vendor/sign-in, the code step');
    // The code of the next step: the one that confirmed the app cannot be used twice.
    await page.getByLabel('Code', { exact: true }).fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/vendor$/);
    await page.getByRole('heading', { name: SUPIO, level: 1 }).waitFor();

    // A vendor's session opens no firm route.
    const firmMe = await page.request.get('/api/auth/me');
    expect(firmMe.status()).toBe(401);
  });

  test('Ana signs in with a recovery code, typed loosely; it works once, and the account says how many are left', async () => {
    const page = ana.page;
    await signOutAndEnterPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('heading', { name: 'Sign in with a recovery code' }).waitFor();
    const field = page.getByLabel('Recovery code', { exact: true });
    expect(await field.getAttribute('inputmode')).toBeNull();
    expect(await field.getAttribute('maxlength')).toBeNull();
    await expectAccessible(ana, '/vendor/sign-in, a recovery code');
    await ana.screenshotAtDesktopAndPhone('vendor-account-sign-in-recovery-code');
    // Upper case and spaces for dashes: the server reads it loosely.
    const used = recoveryCodes[0]!;
    await field.fill(used.toUpperCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/vendor$/);
    await page.getByRole('heading', { name: SUPIO, level: 1 }).waitFor();

    const notices = page.getByRole('region', { name: 'Notices (1 new)' });
    await notices.getByText('A recovery code was used to sign in').waitFor();
    await notices
      .getByText('9 recovery codes are left. If this was not you, end the sessions you do not know under Security and tell the operator.')
      .waitFor();
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByText('On: signing in asks for a code from your authenticator app. 9 recovery codes are left.').waitFor();

    // The same recovery code again is refused.
    await signOutAndEnterPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code', { exact: true }).fill(used);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That code is not right', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/vendor/sign-in');
  });
});
