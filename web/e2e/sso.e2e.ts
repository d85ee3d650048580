import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';
import { totp } from './support/totp';

// Single sign-on on the real binary beside a real OpenID provider (scripts/with-oidc.sh runs
// oidc-provider from npm on loopback). The owner sets the firm's provider on /firm; the operator
// confirms the domain on /admin/firms; Quinn, who has no account, signs in through the provider's
// own login page and lands in the firm as a Viewer; with "Require SSO" on, a member's password
// sign-in is refused on the screen.

const issuer = process.env.LITSTACK_TEST_OIDC_ISSUER;
const clientId = process.env.LITSTACK_TEST_OIDC_CLIENT_ID;
const clientSecret = process.env.LITSTACK_TEST_OIDC_CLIENT_SECRET;

const DOMAIN = 'doe-sso.test';
const MEMBER = { name: 'Mo Doe', email: `mo@${DOMAIN}`, password: 'a-members-own-password-7' };

let server: TestServer;
let owner: TestBrowser;
const others: TestBrowser[] = [];

async function newBrowser() {
  const browser = await launchBrowser({ baseURL: server.url });
  await browser.setWidth(1280);
  others.push(browser);
  return browser;
}

async function expectAccessible(browser: TestBrowser, what: string, shot: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(200);
    const violations = await axeViolations(browser.page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
    await browser.screenshot(`${shot}-${width}`);
  }
  await browser.setWidth(1280);
}

beforeAll(async () => {
  if (!issuer || !clientId || !clientSecret)
    throw new Error('Run the SSO browser test under scripts/with-oidc.sh (LITSTACK_TEST_OIDC_ISSUER, _CLIENT_ID, _CLIENT_SECRET).');
  // The provider is on loopback: the install names it as a private host it may fetch from.
  server = await startServer({ args: ['--fetch-private-hosts', new URL(issuer).host] });
  owner = await launchBrowser({ baseURL: server.url });
  await owner.setWidth(1280);
  // Pat Doe, the first account: the install's operator and the owner of Doe Injury Law.
  await signUpAndOnboard(owner.page, 'pat@doe-injury.test');
});

afterAll(async () => {
  for (const browser of [owner, ...others]) await browser?.close();
  await server?.stop();
});

describe('single sign-on', () => {
  test('the owner sets the firm’s provider on /firm; the domain waits for the operator', async () => {
    const page = owner.page;
    await page.goto('/firm');
    await page.getByRole('tab', { name: 'Security' }).click();
    const section = page.getByRole('region', { name: 'Single sign-on' });
    await section.getByLabel('Issuer URL').fill(issuer!);
    await section.getByLabel('Client ID').fill(clientId!);
    await section.getByLabel('Client secret').fill(clientSecret!);
    await section.getByLabel('Email domains').fill(DOMAIN);
    await section.getByRole('button', { name: 'Save Single Sign-On' }).click();
    await section.getByText(`${DOMAIN}: Waiting for the operator`).waitFor();
    expect(await section.getByText('Saved; leave empty to keep it.').count()).toBe(1);
    await expectAccessible(owner, '/firm with single sign-on', 'sso-firm-settings');
  });

  test('before the operator confirms, sign-in offers no firm sign-in; the operator confirms on /admin/firms', async () => {
    const visitor = await newBrowser();
    await visitor.page.goto('/auth/sign-in');
    await visitor.page.getByLabel('Email').fill(`quinn@${DOMAIN}`);
    await visitor.page.keyboard.press('Tab');
    await visitor.page.waitForLoadState('networkidle');
    expect(await visitor.page.getByRole('link', { name: 'Continue with your firm’s sign-in' }).count()).toBe(0);

    const page = owner.page;
    await page.goto('/admin/firms');
    const claims = page.getByRole('region', { name: 'Single sign-on domains' });
    await claims.getByText(/Pending/).waitFor();
    await expectAccessible(owner, '/admin/firms with a pending domain', 'sso-admin-pending');
    await claims.getByRole('button', { name: `Confirm ${DOMAIN} for Doe Injury Law` }).click();
    await claims.getByText(/Confirmed/).waitFor();
  });

  test('a person without an account signs in through the provider’s own page and is a Viewer', async () => {
    const quinn = await newBrowser();
    const page = quinn.page;
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email').fill(`quinn@${DOMAIN}`);
    await page.keyboard.press('Tab');
    const link = page.getByRole('link', { name: 'Continue with your firm’s sign-in' });
    await link.waitFor();
    await expectAccessible(quinn, 'sign-in offering the firm’s sign-in', 'sso-sign-in-offer');
    await link.click();
    // The provider's own login page (oidc-provider's), the email already in it.
    const password = page.locator('input[name="password"]');
    await password.waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(issuer!).origin);
    expect(await page.locator('input[name="login"]').inputValue()).toBe(`quinn@${DOMAIN}`);
    await password.fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.origin === server.url && !url.pathname.startsWith('/auth/'));
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    const { user } = (await me.json()) as { user: { email: string; firmRole: string; lawFirm: string } };
    expect(user).toMatchObject({ email: `quinn@${DOMAIN}`, firmRole: 'viewer', lawFirm: 'Doe Injury Law' });
    await quinn.screenshot('sso-signed-in');
  });

  test('with Require SSO on, a member’s password sign-in is refused on the screen', async () => {
    const invite = await owner.page.request.post('/api/firm/invitations', { data: { email: MEMBER.email, role: 'member' } });
    expect(invite.status()).toBe(201);
    const token = ((await invite.json()) as { link: string }).link.split('#')[1];
    const mo = await newBrowser();
    const joined = await mo.page.request.post('/api/auth/sign-up', {
      data: { name: MEMBER.name, email: MEMBER.email, password: MEMBER.password, inviteToken: token },
    });
    expect(joined.status()).toBe(201);
    await mo.page.request.post('/api/auth/sign-out');

    const page = owner.page;
    // Break-glass needs the owner's second factor before "Require SSO" can be turned on.
    const setup = await page.request.post('/api/auth/mfa/totp/setup', { data: {} });
    expect(setup.status()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const confirmed = await page.request.post('/api/auth/mfa/totp/confirm', { data: { code: totp(secret) } });
    expect(confirmed.status()).toBe(200);
    await page.goto('/firm');
    await page.getByRole('tab', { name: 'Security' }).click();
    const section = page.getByRole('region', { name: 'Single sign-on' });
    await section.getByRole('switch', { name: /Require SSO/ }).check();
    await section.getByRole('button', { name: 'Save Single Sign-On' }).click();
    // The save's own answer: the domain's status was on screen before it, and the page had been
    // idle once already, so neither waits for the save (a member signing in before it lands may
    // still use a password).
    await page.getByText('Single sign-on saved').first().waitFor();
    await section.getByText(`${DOMAIN}: Confirmed`).waitFor();
    expect(await section.getByRole('switch', { name: /Require SSO/ }).isChecked()).toBe(true);

    await mo.page.goto('/auth/sign-in');
    await mo.page.getByLabel('Email').fill(MEMBER.email);
    await mo.page.getByLabel('Password').fill(MEMBER.password);
    await mo.page.getByRole('button', { name: 'Sign In' }).click();
    await mo.page
      .getByRole('alert')
      .getByText('Your firm signs in with its identity provider: use Continue with your firm’s sign-in.'.replace('’', "'"))
      .waitFor();
    await expectAccessible(mo, 'sign-in refused by Require SSO', 'sso-password-refused');
  });
});
