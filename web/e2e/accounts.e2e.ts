import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// A new user's first visit, told as one story: each step starts where the previous one ended.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const person = {
  name: 'Ada Lovelace',
  lawFirm: 'Lovelace Injury Law',
  email: 'ada@lovelace-law.test',
  password: 'analytical-engine-1843',
  newEmail: 'ada.king@lovelace-law.test',
  newPassword: 'difference-engine-1822',
};

const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const sidebar = () => page.getByRole('complementary');
const onboarding = () => page.getByRole('dialog', { name: 'Tell us about your firm' });

async function signIn(email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a new user’s account', () => {
  test('an anonymous visitor of an install with no account is sent to its first sign-up', async () => {
    await page.goto('/');
    await page.waitForURL('**/auth/sign-up');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page
      .getByRole('note')
      .getByText(/^This install has no account yet/)
      .waitFor();
  });

  test('signs up, after fixing a validation error', async () => {
    await page.getByLabel('Full Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByText('Law firm name is required').waitFor();
    expect(page.url()).toMatch(/\/auth\/sign-up$/);
    await browser.screenshotAtWidths('sign-up-errors');

    await page.getByLabel('Password').fill(person.password);
    await page.getByLabel('Law Firm').fill(person.lawFirm);
    await page.getByLabel('Firm Size (optional)').selectOption({ label: '2-5' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/matches');
  });

  test('must answer the onboarding questions; Continue waits for all four', async () => {
    const dialog = onboarding();
    await dialog.waitFor();
    await dialog.getByText("We use this info to personalize recommendations. It's not shown to vendors.").waitFor();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);

    await dialog
      .getByRole('group', { name: /attorneys/ })
      .getByLabel('6-15')
      .check();
    await dialog
      .getByRole('group', { name: /employ/ })
      .getByLabel('11-50')
      .check();
    await dialog
      .getByRole('group', { name: /injury cases/ })
      .getByLabel('26-50')
      .check();
    expect(await continueButton.isDisabled()).toBe(true);
    await browser.screenshotAtWidths('onboarding', { fullPage: false });

    await dialog.getByLabel('$10,001-$40,000').check();
    expect(await continueButton.isEnabled()).toBe(true);
    await continueButton.click();
    await toast('Welcome aboard!').waitFor();
    await toast('Your profile has been set up successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  test('the sidebar shows the user’s name and firm, and Import for the first (admin) account', async () => {
    await page.getByRole('heading', { name: 'Get Recommendations' }).waitFor();
    await sidebar().getByText(person.name).waitFor();
    await sidebar().getByText(person.lawFirm).waitFor();
    const nav = sidebar().getByRole('navigation', { name: 'Main' });
    for (const label of ['Vendor Matches', 'Vendor Trends', 'Browse Vendors', 'Past Matches', 'Tech Stack', 'Profile', 'Import']) {
      await nav.getByRole('link', { name: label }).waitFor();
    }
    expect(await nav.getByRole('link', { name: 'Vendor Matches' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Vendor Trends' }).click();
    await page.waitForURL('**/trends');
    await page.getByRole('heading', { name: 'Demo Booking Trends' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Vendor Trends' }).getAttribute('aria-current')).toBe('page');
    await browser.screenshot('trends-shell-1440');
  });

  test('on a phone the sidebar folds into a drawer', async () => {
    await browser.setWidth(390);
    expect(await sidebar().isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByText(person.lawFirm).waitFor();
    await browser.screenshot('drawer-390');
    await drawer.getByRole('link', { name: 'Past Matches' }).click();
    await page.waitForURL('**/past');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Past Recommendations' }).waitFor();
    await browser.setWidth(1440);
  });

  test('each screen opens at its top, wherever the one before was scrolled to', async () => {
    // Tech Stack's data is cached first, so the second visit renders at full height at once
    // (a screen that first shows a short spinner would reset the scroll by itself).
    await sidebar().getByRole('link', { name: 'Tech Stack' }).click();
    await page.getByRole('button', { name: 'Save Tech Stack' }).waitFor();
    await sidebar().getByRole('link', { name: 'Browse Vendors' }).click();
    await page.getByRole('heading', { name: 'Browse Vendors' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await sidebar().getByRole('link', { name: 'Tech Stack' }).click();
    await page.getByRole('button', { name: 'Save Tech Stack' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('signs out to the sign-in screen, which remembers the screen that was asked for', async () => {
    await sidebar().getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/sign-in');
    await page.goto('/profile');
    await page.waitForURL('**/auth/sign-in?next=%2Fprofile');
  });

  test('a wrong password shows an alert; the right one signs in without onboarding again', async () => {
    await signIn(person.email, 'not-my-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid email or password');

    await signIn(person.email, person.password);
    // Back to the screen that was asked for before signing in.
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await sidebar().getByText(person.name).waitFor();
    await page.waitForTimeout(300);
    expect(await onboarding().count()).toBe(0);
  });

  test('edits name and firm size in Profile Settings', async () => {
    await sidebar().getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    const profile = page.getByRole('region', { name: 'Profile' });
    expect(await profile.getByLabel('Name').inputValue()).toBe(person.name);
    expect(await profile.getByLabel('Firm Size').inputValue()).toBe('E2_5');
    // Viewport shots: what a person sees (a full-page capture misplaces the sticky sidebar).
    await browser.screenshotAtWidths('profile', { fullPage: false });
    await page.getByRole('button', { name: 'Change Password' }).scrollIntoViewIfNeeded();
    await browser.screenshot('profile-scrolled-1440', { fullPage: false });

    await profile.getByLabel('Name').fill('Ada King');
    await profile.getByLabel('Firm Size').selectOption({ label: '6-20' });
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await toast('Profile updated').waitFor();
    await browser.screenshot('profile-saved-toast-1440', { fullPage: false });
    await toast('Your profile information has been saved successfully.').waitFor();
    await sidebar().getByText('Ada King').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByRole('region', { name: 'Profile' }).getByLabel('Firm Size').inputValue()).toBe('E6_20');
  });

  test('saves firm details', async () => {
    const details = page.getByRole('region', { name: 'Firm Details' });
    await details.getByText('Your info helps personalize recommendations').waitFor();
    expect(await details.getByLabel('6-15').isChecked()).toBe(true);
    await details.getByLabel('16-30').check();
    await details.getByRole('button', { name: 'Save Firm Details' }).click();
    await toast('Firm details updated').waitFor();
  });

  test('changing the email asks for the current password', async () => {
    const profile = page.getByRole('region', { name: 'Profile' });
    const currentPassword = profile.getByLabel('Current Password');
    expect(await currentPassword.count()).toBe(0);

    await profile.getByLabel('Email').fill(person.newEmail);
    await currentPassword.waitFor();
    await profile.getByLabel('Email').fill(person.email);
    await currentPassword.waitFor({ state: 'detached' });

    await profile.getByLabel('Email').fill(person.newEmail);
    await currentPassword.fill(person.password);
    await browser.screenshot('profile-email-change-1440', { fullPage: false });
    await profile.getByRole('button', { name: 'Save Profile' }).click();
    await toast('Profile updated').waitFor();
    await currentPassword.waitFor({ state: 'detached' });
    expect(await profile.getByLabel('Email').inputValue()).toBe(person.newEmail);
  });

  test('changes the password after a mismatch', async () => {
    const security = page.getByRole('region', { name: 'Security' });
    const change = security.getByRole('button', { name: 'Change Password' });
    expect(await change.isDisabled()).toBe(true);

    await security.getByLabel('Current Password').fill(person.password);
    await security.getByLabel('New Password', { exact: true }).fill(person.newPassword);
    await security.getByLabel('Confirm New Password').fill('something-else-entirely');
    expect(await change.isEnabled()).toBe(true);
    await change.click();
    await toast('New passwords do not match.').waitFor();

    await security.getByLabel('Confirm New Password').fill(person.newPassword);
    await change.click();
    await toast('Password changed').waitFor();
    await toast('Your password has been updated successfully.').waitFor();
    expect(await security.getByLabel('Current Password').inputValue()).toBe('');
  });

  test('signs in with the new email and password', async () => {
    await sidebar().getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/sign-in');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.getByText(/sign in to your hub dashboard/i).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Create account' }).waitFor();
    await browser.screenshotAtWidths('sign-in');
    await signIn(person.newEmail, person.newPassword);
    await page.waitForURL('**/matches');
    await sidebar().getByText('Ada King').waitFor();
  });

  test('an unknown path shows the not-found screen', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await browser.screenshot('not-found-1440');
  });
});
