import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { screens as registry } from '@/app/screens';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// axe-core over every screen, signed out and signed in as the first (admin) account, at desktop
// and phone width, on a launch with the sample bookings so the dashboards have content.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

/** Puts Lawmatics on the shortlist as Demo booked (its demo question showing), then reloads. */
async function withShortlistEntry(p: Page) {
  const res = await p.request.put('/api/shortlist/12', { data: { status: 'Demo booked' } });
  expect(res.status(), await res.text()).toBe(200);
  await p.reload();
}

/**
 * At phone width nothing scrolls sideways: the page is no wider than the window (wide tables
 * scroll inside their own box), and the page does not hide an overflow to pass.
 */
async function expectNoSidewaysScroll(what: string) {
  const { scrollWidth, innerWidth, hidden } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // An open modal dialog locks the page's scrolling (overflow: hidden on body) while it is open:
    // that hides nothing of the page's width.
    hidden:
      document.querySelector('[role="dialog"], [role="alertdialog"]') === null &&
      [document.documentElement, document.body].some((el) => ['hidden', 'clip'].includes(getComputedStyle(el).overflowX)),
  }));
  expect(hidden, `${what}: the page hides its sideways overflow`).toBe(false);
  expect(scrollWidth, `${what} scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

async function expectAccessible(what: string) {
  for (const width of [widths.desktop, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(200);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
    if (width === widths.phone) await expectNoSidewaysScroll(what);
  }
  await browser.setWidth(widths.desktop);
}

beforeAll(async () => {
  server = await startServer({ sampleData: true });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every screen passes axe-core', () => {
  test("sign-up as the install's first account", async () => {
    await page.goto('/auth/sign-up');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page
      .getByRole('note')
      .getByText(/^This install has no account yet/)
      .waitFor();
    await expectAccessible('/auth/sign-up, the first account');
  });

  test('the onboarding modal', async () => {
    const signUp = await page.request.post('/api/auth/sign-up', {
      data: { name: 'Ada Admin', email: 'ada@a11y-law.test', password: 'check-every-screen-1', lawFirm: 'A11y Law', firmSize: 'E6_20' },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/matches');
    await page.getByRole('dialog', { name: 'Tell us about your firm' }).waitFor();
    await expectAccessible('the onboarding modal');
    const onboarding = await page.request.post('/api/profile/onboarding', {
      data: {
        attorneysCountBand: 'A2_5',
        employeesCountBand: 'E11_50',
        injuryCasesPerMonthBand: 'C11_25',
        annualSoftwareSpendBand: 'S10_40K',
      },
    });
    expect(onboarding.ok()).toBe(true);
  });

  const screens: [path: string, ready: (p: Page) => Promise<unknown>][] = [
    [
      '/matches',
      (p) => Promise.all([p.getByText(/\d+ of \d+ stages completed/).waitFor(), p.getByRole('region', { name: 'Progress' }).waitFor()]),
    ],
    ['/trends', (p) => p.getByRole('heading', { name: 'Geographic Distribution' }).waitFor()],
    ['/vendors', (p) => p.getByRole('list', { name: 'Vendors' }).getByRole('article').first().waitFor()],
    ['/past', (p) => p.getByRole('heading', { name: 'Past Recommendations' }).waitFor()],
    ['/past?show=dismissed', (p) => p.getByRole('heading', { name: 'No dismissed vendors' }).waitFor()],
    ['/shortlist', (p) => withShortlistEntry(p).then(() => p.getByLabel('Note on Lawmatics').waitFor())],
    ['/shortlist/brief', (p) => p.getByRole('heading', { name: 'Stage 2: Intake' }).waitFor()],
    [
      '/tech-stack',
      (p) => Promise.all([p.getByRole('button', { name: 'Save Tech Stack' }).waitFor(), p.getByText(/^Your tech stack covers/).waitFor()]),
    ],
    ['/profile', (p) => p.getByRole('button', { name: 'Change Password' }).waitFor()],
    [
      '/firm',
      (p) => Promise.all([p.getByRole('form', { name: 'Invite a person' }).waitFor(), p.getByText('Pending invitations').waitFor()]),
    ],
    ['/vendors/1', (p) => p.getByRole('heading', { name: 'Avvo', level: 1 }).waitFor()],
    ['/vendors/abc', (p) => p.getByText('Vendor not found').first().waitFor()],
    ['/compare?ids=1,2,3', (p) => p.getByRole('table').waitFor()],
    ['/evaluations/2', (p) => p.getByRole('heading', { name: 'Evaluation', level: 1 }).waitFor()],
    ['/decisions', (p) => p.getByRole('heading', { name: 'Decisions', level: 1 }).waitFor()],
    ['/decisions/new?category=2', (p) => p.getByRole('heading', { name: 'Propose a decision', level: 1 }).waitFor()],
    ['/admin/firms', (p) => p.getByRole('heading', { name: 'Firms', level: 1 }).waitFor()],
    ['/admin/import', (p) => p.getByRole('button', { name: 'Import Demo Bookings' }).waitFor()],
    ['/admin/vendors', (p) => p.getByRole('heading', { name: 'Manage Vendors', level: 1 }).waitFor()],
    ['/admin/locked-accounts', (p) => p.getByText('No account is locked.').waitFor()],
    [
      '/admin/mail',
      (p) => Promise.all([p.getByRole('form', { name: 'Mail server settings' }).waitFor(), p.getByText('No message yet.').waitFor()]),
    ],
    ['/no-such-page', (p) => p.getByText('404 Page Not Found').waitFor()],
  ];
  test('the list above covers every screen of the registry', () => {
    // Beside the list: a decision's screen (its own test below, once one is proposed) and the
    // screens before sign-in (the first test).
    const listed = [
      ...screens.map(([path]) => path),
      '/decisions/1',
      '/auth/sign-in',
      '/auth/sign-up',
      '/auth/forgot-password',
      '/join',
      '/reset-password',
    ];
    const missing = registry
      .map((s) => s.path)
      // The unsubscribe screen is reached from a mail's link (notifications.e2e.ts checks it);
      // the vendor's screens need a vendor account and a claim's mail (vendor-account.e2e.ts).
      .filter((path) => path !== '/' && path !== '/unsubscribe' && !path.startsWith('/vendor/') && path !== '/vendor')
      .filter((pattern) => {
        const route = new RegExp(`^${pattern.replace(/:\w+/g, '[^/?]+')}(\\?.*)?$`);
        return !listed.some((path) => route.test(path));
      });
    expect(missing, 'screens of app/screens.ts that this test does not open').toEqual([]);
  });

  for (const [path, ready] of screens) {
    test(path, async () => {
      await page.goto(path);
      await ready(page);
      await page.waitForLoadState('networkidle');
      await expectAccessible(path);
    });
  }

  test('/decisions/:id, a proposed decision', async () => {
    const proposed = await page.request.post('/api/decisions', {
      data: { categoryId: 2, vendorId: 12, reasons: 'Demo went well', annualCost: 600_000, startDate: '2027-01-01' },
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const { id } = (await proposed.json()) as { id: number };
    await page.goto(`/decisions/${id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible('/decisions/:id');
  });

  test('the questionnaire modal', async () => {
    await page.goto('/matches?categoryId=2');
    await page.getByRole('dialog', { name: 'Questionnaire' }).waitFor();
    await expectAccessible('the questionnaire modal');
  });

  test('the dismiss dialog, and /past with the Dismissed filter showing a dismissal', async () => {
    const picks = await page.request.post('/api/recommendations/pick-for-me');
    expect(picks.ok()).toBe(true);
    await page.goto('/matches?showCategory=Lead%20Generation');
    const card = page.getByRole('region', { name: 'Lead Generation', exact: true }).getByRole('article').first();
    const name = await card.getAttribute('aria-label');
    await card.getByRole('button', { name: `Dismiss ${name}` }).click();
    const ask = page.getByRole('dialog', { name: `Dismiss ${name}?` });
    await ask.getByLabel('Other').check();
    await ask.getByLabel('Your reason').waitFor();
    await expectAccessible('the dismiss dialog');
    await ask.getByLabel('Your reason').fill('We build our own');
    await ask.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    await page.goto('/past?show=dismissed');
    await page.getByRole('article', { name: name! }).getByText('Other: We build our own').waitFor();
    await expectAccessible('/past?show=dismissed with a dismissal');
  });

  test("the admin's vendor edit dialog", async () => {
    await page.goto('/admin/vendors');
    await page.getByRole('button', { name: 'Edit Avvo' }).click();
    await page.getByRole('dialog', { name: 'Edit Avvo' }).waitFor();
    await expectAccessible('the vendor edit dialog');
  });

  test('sign-in, sign-up, forgot-password, /join and /reset-password, signed out, with a real link and a used one', async () => {
    const invited = await page.request.post('/api/firm/invitations', { data: { email: 'sam@a11y-law.test', role: 'member' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const joinLink: string = (await invited.json()).link;
    const me = await page.request.get('/api/auth/me');
    const reset = await page.request.post(`/api/firm/members/${(await me.json()).user.id}/reset-link`);
    expect(reset.status(), await reset.text()).toBe(201);
    const resetLink: string = (await reset.json()).link;

    // A second browser, signed out, as the invited person would be.
    const outsider = await launchBrowser({ baseURL: server.url });
    const saved = { browser, page };
    browser = outsider;
    page = outsider.page;
    try {
      // Signed out of an install with accounts: sign-in, sign-up and forgot-password.
      await page.goto('/auth/sign-in');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await expectAccessible('/auth/sign-in');
      await page.goto('/auth/sign-up');
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
      await expectAccessible('/auth/sign-up');
      await page.goto('/auth/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await expectAccessible('/auth/forgot-password');
      await page.goto(joinLink);
      await page.getByRole('heading', { name: 'Join A11y Law as a member' }).waitFor();
      await expectAccessible('/join');
      await page.goto(`${server.url}/join#no-such-invitation`);
      await page.getByRole('alert').waitFor();
      await expectAccessible('/join with a link that cannot be used');
      await page.goto(resetLink);
      await page.getByRole('button', { name: 'Set New Password' }).waitFor();
      await expectAccessible('/reset-password');
    } finally {
      ({ browser, page } = saved);
      await outsider.close();
    }
  });
});
