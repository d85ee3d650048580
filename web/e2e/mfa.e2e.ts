import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { totp } from './support/totp';

// Two-step sign-in from the screen: set up with the key the screen shows (codes computed here
// with node:crypto, as an authenticator app would), sign in with a code, a replayed code
// refused, a recovery code instead, and the sessions list signing another device out.

let server: TestServer;
let laptop: TestBrowser;
let phone: TestBrowser;

const person = { name: 'Nellie Bly', email: 'nellie@bly-law.test', password: 'ten-days-in-a-mad-house' };
const WIDTHS = [1280, 390] as const;

async function checkAxe(browser: TestBrowser, name: string) {
  for (const width of WIDTHS) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(150);
    await browser.screenshot(`${name}-${width}`);
    const violations = await axeViolations(browser.page);
    expect(violations, `${name} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(1280);
}

async function passwordStep(browser: TestBrowser) {
  const page = browser.page;
  await page.request.post('/api/auth/sign-out');
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
}

let secret = '';
let recoveryCodes: string[] = [];
// The code the last sign-in used, replayed as it was: computing it again could land in the next
// 30-second step on a slow machine and be a fresh code.
let usedCode = '';

beforeAll(async () => {
  server = await startServer();
  laptop = await launchBrowser({ baseURL: server.url });
  phone = await launchBrowser({ baseURL: server.url });
  const signUp = await laptop.page.request.post('/api/auth/sign-up', {
    data: { name: person.name, email: person.email, password: person.password, lawFirm: 'Bly Injury Law', firmSize: 'E6_20' },
  });
  expect(signUp.ok()).toBe(true);
  const onboarding = await laptop.page.request.post('/api/profile/onboarding', {
    data: {
      attorneysCountBand: 'A2_5',
      employeesCountBand: 'E11_50',
      injuryCasesPerMonthBand: 'C11_25',
      annualSoftwareSpendBand: 'S10_40K',
    },
  });
  expect(onboarding.ok()).toBe(true);
});

afterAll(async () => {
  await laptop?.close();
  await phone?.close();
  await server?.stop();
});

describe('two-step sign-in', () => {
  test('is set up on /profile with the QR code and key, and shows ten recovery codes once', async () => {
    const page = laptop.page;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await checkAxe(laptop, 'mfa-setup');
    await page.getByLabel('Code from the app').fill(totp(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await checkAxe(laptop, 'mfa-recovery-codes');
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.getByText('Two-step sign-in is on. 10 recovery codes are left.').waitFor();
  });

  test('signing in asks for a code, and a right one opens the app', async () => {
    await passwordStep(laptop);
    const page = laptop.page;
    const field = page.getByLabel('Code', { exact: true });
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await checkAxe(laptop, 'mfa-sign-in-code');
    usedCode = totp(secret, 1);
    await field.fill(usedCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  });

  test('a code already used is refused; a recovery code signs in instead', async () => {
    await passwordStep(laptop);
    const page = laptop.page;
    await page.getByLabel('Code', { exact: true }).fill(usedCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('This code was just used. Wait for the next one.').waitFor();
    await laptop.screenshot('mfa-code-replayed-1280');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    await page.goto('/profile');
    await page.getByText('Two-step sign-in is on. 9 recovery codes are left.').waitFor();
    // The audit log says what the screen said: the code was just used, not that it was wrong.
    await page.goto('/firm#audit');
    const log = page.getByRole('list', { name: 'Audit log' });
    await log
      .getByText(/a second-factor code that was just used/)
      .first()
      .waitFor();
    expect(await log.getByText(/wrong second-factor code/).count()).toBe(0);
  });

  test("another device is listed under Where you're signed in and is signed out from there", async () => {
    // The phone signs in: password, then a recovery code.
    const signIn = await phone.page.request.post('/api/auth/sign-in', { data: { email: person.email, password: person.password } });
    const { mfaToken } = (await signIn.json()) as { mfaToken: string };
    const verified = await phone.page.request.post('/api/auth/mfa/verify', { data: { mfaToken, code: recoveryCodes[1] } });
    expect(verified.status()).toBe(200);
    expect((await phone.page.request.get('/api/auth/me')).status()).toBe(200);

    const page = laptop.page;
    await page.goto('/profile');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await sessions.getByText('This device').waitFor();
    await expect.poll(async () => sessions.getByRole('listitem').count()).toBe(2);
    await checkAxe(laptop, 'mfa-sessions');
    await sessions.getByRole('button', { name: /^Sign out / }).click();
    await expect.poll(async () => sessions.getByRole('listitem').count()).toBe(1);
    expect((await phone.page.request.get('/api/auth/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  });
});

describe('the firm requires two-step sign-in', () => {
  const member = { name: 'Ida Tarbell', email: 'ida@bly-law.test', password: 'history-of-standard-oil' };

  test('the owner turns it on from /firm, seeing how many members lack it', async () => {
    const page = laptop.page;
    const invited = await page.request.post('/api/firm/invitations', { data: { email: member.email, role: 'member' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const token = ((await invited.json()) as { link: string }).link.split('/join#')[1] ?? '';
    // The member joins (elsewhere), before the firm requires a factor, then signs out.
    await phone.page.request.post('/api/auth/sign-out');
    const joined = await phone.page.request.post('/api/auth/sign-up', { data: { ...member, inviteToken: token } });
    expect(joined.status(), await joined.text()).toBe(201);
    await phone.page.request.post('/api/auth/sign-out');

    await page.goto('/firm');
    await page.getByRole('tab', { name: 'Security' }).click();
    const toggle = page.getByRole('switch', { name: 'Require two-step sign-in for every member' });
    await page.getByText('1 member has not set it up yet.').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await checkAxe(laptop, 'mfa-required-firm-off');
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('1 member has not set it up yet: they set it up at their next sign-in, before anything else.').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await checkAxe(laptop, 'mfa-required-firm-on');
  });

  test('a member without it sees only the setup at sign-in, sets it up, and goes on where they were going', async () => {
    const page = phone.page;
    await page.goto('/shortlist');
    await page.waitForURL((url) => url.pathname === '/auth/sign-in');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    await page.getByText(/Your firm requires two-step sign-in for every member\./).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.title()).toBe('Set up two-step sign-in · Litstack');
    // Nothing else answers meanwhile.
    const refused = await page.request.get('/api/shortlist');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code?: string }).code).toBe('mfa_setup_required');
    await checkAxe(phone, 'mfa-required-setup');

    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const key = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    await checkAxe(phone, 'mfa-required-setup-code');
    await page.getByLabel('Code from the app').fill(totp(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await checkAxe(phone, 'mfa-required-recovery-codes');
    await page.getByRole('button', { name: 'I saved them' }).click();
    // The same session goes on, at the address the member was going to.
    await page.getByRole('navigation').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/shortlist');
    await expect.poll(() => page.title()).toBe('Shortlist · Litstack');
    expect((await page.request.get('/api/shortlist')).status()).toBe(200);
    await phone.screenshot('mfa-required-continued-1280');
  });
});
