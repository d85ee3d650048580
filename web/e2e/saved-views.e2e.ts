import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// A member saves the filters of /trends under a name, finds them again after a reload from the
// "Saved views" menu (by keyboard), is told in the dialog when a name is taken, and deletes it.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { name: 'Ida Wells', email: 'ida@wells-law.test', password: 'saved-views-please', lawFirm: 'Wells Law' },
  });
  expect(signUp.status()).toBe(201);
  const onboarding = await page.request.post('/api/profile/onboarding', {
    data: { attorneysCountBand: 'SOLO', employeesCountBand: 'E2_10', injuryCasesPerMonthBand: 'C1_10', annualSoftwareSpendBand: 'S0_5K' },
  });
  expect(onboarding.ok()).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const menuButton = () => page.getByRole('button', { name: 'Saved views' });
const menu = () => page.getByRole('menu');

async function expectNoViolations(where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

async function saveAs(name: string) {
  await menuButton().click();
  await menu().getByRole('menuitem', { name: 'Save this view...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Name').press('Enter');
  return dialog;
}

test('a saved view comes back from the menu after a reload, and is deleted after confirming', async () => {
  await page.goto('/trends?start=2026-01-01&end=2026-06-30&page=2');
  await page.getByRole('heading', { name: 'Demo Booking Trends' }).waitFor();
  await menuButton().click();
  await menu().getByRole('menuitem', { name: 'No saved views yet' }).waitFor();
  await page.keyboard.press('Escape');

  await saveAs('First half');
  await toast('View saved').waitFor();

  // A taken name (ignoring case) is refused, and the dialog says why.
  const dialog = await saveAs('first HALF');
  await dialog.getByText('A saved view named "first HALF" already exists: choose another name').waitFor();
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await expectNoViolations(`the save dialog at ${width}`);
    await browser.screenshot(`saved-views-taken-${width}`, { fullPage: false });
  }
  await browser.setWidth(1280);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Other filters, a reload, then the view by keyboard: its filters are back. The menu is opened
  // once the views have arrived: opened before, it focuses its first item then, "Save this view...".
  await page.goto('/trends');
  const viewsArrived = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/views' && res.ok());
  await page.reload();
  await page.getByRole('heading', { name: 'Demo Booking Trends' }).waitFor();
  await viewsArrived;
  expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('');
  await menuButton().focus();
  await page.keyboard.press('Enter');
  const item = menu().getByRole('menuitem', { name: 'First half', exact: true });
  await item.waitFor();
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await expectNoViolations(`the open menu at ${width}`);
    await browser.screenshot(`saved-views-menu-${width}`, { fullPage: false });
  }
  await browser.setWidth(1280);
  await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/trends' && url.search === '?start=2026-01-01&end=2026-06-30');
  await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe('2026-01-01');
  expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2026-06-30');
  await expectNoViolations('/trends with the view applied');

  // Delete, after confirming.
  await menuButton().click();
  await menu().getByRole('menuitem', { name: 'Delete First half' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete saved view' });
  await confirm.getByText(/Delete “First half” for everyone in your firm\?/).waitFor();
  await browser.screenshot('saved-views-delete-1280', { fullPage: false });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast('View deleted').waitFor();
  await confirm.waitFor({ state: 'detached' });
  await menuButton().click();
  await menu().getByRole('menuitem', { name: 'No saved views yet' }).waitFor();
  await page.keyboard.press('Escape');
  const list = await page.request.get('/api/views');
  expect((await list.json()).items).toEqual([]);
});
