import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// Two devices of one person. The laptop changes the password; the phone, open on a filtered
// Vendor Trends, is sent to sign-in at its next request, which says why, and signing in with the
// new password brings it back to the very screen it was on, filters and all. A hostile `next`
// never leaves the app.

let server: TestServer;
let laptop: TestBrowser;
let phone: TestBrowser;

const person = { name: 'Ida Tarbell', email: 'ida@tarbell-law.test', password: 'standard-oil-1904', newPassword: 'muckraker-1857' };
const ASKED = '/trends?state=TX';
const WHY = 'You were signed out because your password was changed.';

beforeAll(async () => {
  server = await startServer();
  laptop = await launchBrowser({ baseURL: server.url });
  phone = await launchBrowser({ baseURL: server.url });
  const signUp = await laptop.page.request.post('/api/auth/sign-up', {
    data: { name: person.name, email: person.email, password: person.password, lawFirm: 'Tarbell Injury Law', firmSize: 'E6_20' },
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
  const signIn = await phone.page.request.post('/api/auth/sign-in', { data: { email: person.email, password: person.password } });
  expect(signIn.ok()).toBe(true);
});

afterAll(async () => {
  await laptop?.close();
  await phone?.close();
  await server?.stop();
});

async function signIn(browser: TestBrowser, password: string) {
  await browser.page.getByLabel('Email').fill(person.email);
  await browser.page.getByLabel('Password').fill(password);
  await browser.page.getByRole('button', { name: 'Sign In' }).click();
}

describe('a session ended by a password change', () => {
  test('the other device is sent to sign-in, which says why', async () => {
    const page = phone.page;
    await page.goto(ASKED);
    await page.getByRole('heading', { name: 'Demo Booking Trends' }).waitFor();

    const changed = await laptop.page.request.post('/api/auth/change-password', {
      data: { currentPassword: person.password, newPassword: person.newPassword },
    });
    expect(changed.status()).toBe(204);

    // The phone's next screen finds its session ended.
    await page.getByRole('complementary').getByRole('link', { name: 'Tech Stack' }).click();
    await page.waitForURL('**/auth/sign-in**');
    await page.getByText(WHY).waitFor();
    expect(await page.getByText('Your session has ended').count()).toBe(0);
    for (const width of [widths.desktop, widths.phone]) {
      await phone.setWidth(width);
      await page.waitForTimeout(150);
      await phone.screenshot(`sign-in-session-ended-${width}`);
      const violations = await axeViolations(page);
      expect(violations, `sign-in with the reason at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
    }
    await phone.setWidth(widths.desktop);
  });

  test('a reload of sign-in still says why, and asks for the screen the session ended on', async () => {
    const page = phone.page;
    // The screen the person asked for last, filters and all.
    await page.goto(ASKED);
    await page.waitForURL('**/auth/sign-in?next=**');
    expect(new URL(page.url()).searchParams.get('next')).toBe(ASKED);
    await page.reload();
    await page.getByText(WHY).waitFor();
  });

  test('signing in with the new password returns to that screen with its query', async () => {
    const page = phone.page;
    await signIn(phone, person.password);
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    await signIn(phone, person.newPassword);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === ASKED);
    await page.getByRole('heading', { name: 'Demo Booking Trends' }).waitFor();
    expect(await page.getByText(WHY).count()).toBe(0);
  });
});

describe('sign-in never leaves the app', () => {
  test.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)'])(
    'next=%s goes to Vendor Matches',
    async (next) => {
      const page = phone.page;
      await page.request.post('/api/auth/sign-out');
      await page.goto(`/auth/sign-in?next=${encodeURIComponent(next)}`);
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await signIn(phone, person.newPassword);
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/matches');
    },
  );
});
