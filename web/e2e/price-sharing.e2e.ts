import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// What firms pay: the owner gives the firm's consent from the keyboard on the Firm page (what is
// shared, who agreed when) and withdraws it; a vendor the firm holds a contract for shows "What
// firms pay" in its "fewer than 5 firms shared" state, with no number. axe at 1280 and 390.

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let tool: { id: number; name: string };

async function checkWidths(what: string, shot: string) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width}px:\n${describeViolations(violations)}`).toEqual([]);
    await browser.screenshot(`${shot}-${width}`);
  }
  await browser.setWidth(1280);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.setWidth(1280);
  await signUpAndOnboard(page);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  const list = (await (await page.request.get('/api/profile/category-adoption')).json()) as {
    items: { category: { id: number }; vendors: { id: number; name: string }[] }[];
  };
  const item = list.items.find((i) => i.vendors.length > 0)!;
  tool = item.vendors[0]!;
  const listed = await page.request.post('/api/profile/category-adoption', {
    data: { items: [{ categoryId: item.category.id, hasTool: true, selectedVendorIds: [tool.id] }] },
  });
  expect(listed.ok()).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  const contract = await page.request.put(`/api/techstack/${tool.id}/contract`, {
    data: { startDate: today, termMonths: 12, noticeDays: 30, annualCost: 960_000, seats: 8, responsibleUserId: me.user.id },
  });
  expect(contract.ok(), await contract.text()).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the owner shares what the firm pays from the keyboard, sees who agreed when, and withdraws it', async () => {
  await page.goto('/firm');
  const toggle = page.getByRole('switch', { name: 'Share what we pay with other firms' });
  await toggle.waitFor();
  expect(await toggle.isChecked()).toBe(false);
  await page.getByText('Not shared. Litstack never shares it unless an owner or admin agrees.').waitFor();
  await page
    .getByText(/annual cost per seat from your contracts on the tech stack, counted only together with 4 or more other firms/)
    .waitFor();

  // From the keyboard: Tab reaches the switch, Space turns it on.
  await page.getByRole('switch', { name: 'Require two-step sign-in for every member' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('switch');
  expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Space');
  await page.getByText(/^Shared since .* \(Pat Doe agreed\)\.$/).waitFor();
  expect(await toggle.isChecked()).toBe(true);
  await checkWidths('the Firm page sharing what it pays', 'price-sharing-firm');

  const answer = (await (await page.request.get('/api/firm/price-sharing')).json()) as { share: boolean; by: string };
  expect(answer).toMatchObject({ share: true, by: 'Pat Doe' });

  // Withdrawn the same way (the width checks moved the focus).
  await toggle.focus();
  await page.keyboard.press('Space');
  await page.getByText(/^Not shared since .* \(Pat Doe withdrew it\)\.$/).waitFor();
  expect(await toggle.isChecked()).toBe(false);
});

test('the vendor profile says "Fewer than 5 firms shared" and shows no number', async () => {
  // The firm shares again: one firm is still fewer than 5.
  const shared = await page.request.put('/api/firm/price-sharing', { data: { share: true } });
  expect(shared.ok()).toBe(true);
  await page.goto(`/vendors/${tool.id}`);
  await page.getByRole('heading', { level: 2, name: 'What firms pay' }).waitFor();
  const table = page.getByRole('table', { name: `What firms pay for ${tool.name} per seat a year, by firm size` });
  await table.getByRole('cell', { name: 'Fewer than 5 firms shared' }).waitFor();
  const text = (await table.textContent()) ?? '';
  expect(text).not.toContain('$');
  await page.getByRole('heading', { level: 2, name: 'What firms pay' }).scrollIntoViewIfNeeded();
  await checkWidths('the vendor profile with what firms pay', 'price-sharing-profile');
});
