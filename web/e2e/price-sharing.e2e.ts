import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// What firms pay: the owner gives the firm's consent from the keyboard on the Firm page (what is
// shared, who agreed when) and withdraws it; a vendor the firm holds a contract for shows "What
// firms pay" in its "fewer than 5 firms shared" state, with no number. Four more firms share and
// are verified: the same month nothing changes (the figures are drawn once a month); the binary
// restarted on the same data with its clock in the next month counts the 5 firms but shows no
// band (none has 7 firms in lower bands and 7 in higher ones), never a price, and one firm's
// withdrawal withholds the figures at once. axe at 1280 and 390.

const OWNER = { email: 'pat@doe-injury.test', password: 'browse-the-directory-1' };

let dataDir: string;
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let tool: { id: number; name: string };
let category: number;

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
  dataDir = await makeDataDir();
  server = await startServer({ dataDir });
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
  category = item.category.id;
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
  if (dataDir) await removeDataDir(dataDir);
});

/** Firm `n` signs up, lists the tool with a contract at `dollars` a seat a year, and shares. */
async function aSharingFirm(n: number, dollars: number): Promise<{ firmId: number; email: string; password: string }> {
  const email = `owner${n}@firm${n}.test`;
  const password = `what-firms-pay-${n}-secret`;
  await browser.context.clearCookies();
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { name: `Owner ${n}`, email, password, lawFirm: `Firm ${n} Law`, firmSize: 'E6_20' },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const user = ((await signUp.json()) as { user: { id: number; firm: { id: number } } }).user;
  const listed = await page.request.post('/api/profile/category-adoption', {
    data: { items: [{ categoryId: category, hasTool: true, selectedVendorIds: [tool.id] }] },
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const contract = await page.request.put(`/api/techstack/${tool.id}/contract`, {
    data: {
      startDate: new Date().toISOString().slice(0, 10),
      termMonths: 12,
      noticeDays: 30,
      annualCost: dollars * 100 * 4,
      seats: 4,
      responsibleUserId: user.id,
    },
  });
  expect(contract.ok(), await contract.text()).toBe(true);
  const shared = await page.request.put('/api/firm/price-sharing', { data: { share: true } });
  expect(shared.ok(), await shared.text()).toBe(true);
  return { firmId: user.firm.id, email, password };
}

async function signIn(who: { email: string; password: string }) {
  await browser.context.clearCookies();
  const signedIn = await page.request.post('/api/auth/sign-in', { data: { email: who.email, password: who.password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

function pricesTable() {
  return page.getByRole('table', { name: `What firms pay for ${tool.name} per seat a year, by firm size` });
}

/** The first day of next month (UTC) at 09:00, as the restarted binary's clock reads it. */
function nextMonth(): { month: string; start: string } {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const day = next.toISOString().slice(0, 10);
  return { month: day.slice(0, 7), start: `${day}T09:00:00Z` };
}

test('the owner shares what the firm pays from the keyboard, sees who agreed when, and withdraws it', async () => {
  await page.goto('/firm');
  const tab = page.getByRole('tab', { name: 'What firms pay' });
  await tab.click();
  const toggle = page.getByRole('switch', { name: 'Share what we pay with other firms' });
  await toggle.waitFor();
  expect(await toggle.isChecked()).toBe(false);
  await page.getByText('Not shared. Litstack never shares it unless an owner or admin agrees.').waitFor();
  await page
    .getByText(/annual cost per seat from your contracts on the tech stack, counted only together with 4 or more other firms/)
    .waitFor();

  // From the keyboard: from the tab, Tab reaches its panel, then the switch; Space turns it on.
  await tab.focus();
  await page.keyboard.press('Tab');
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
  const table = pricesTable();
  await table.getByRole('cell', { name: 'Fewer than 5 firms shared' }).waitFor();
  // The rule folds under "How this is computed", opened from the keyboard.
  expect(await page.getByText(/never one firm's price/).isVisible()).toBe(false);
  await page.getByText('How this is computed').focus();
  await page.keyboard.press('Enter');
  await page.getByText(/never one firm's price/).waitFor();
  const text = (await table.textContent()) ?? '';
  expect(text).not.toContain('$');
  await page.getByRole('heading', { level: 2, name: 'What firms pay' }).scrollIntoViewIfNeeded();
  await checkWidths('the vendor profile with what firms pay', 'price-sharing-profile');
});

let others: { firmId: number; email: string; password: string }[] = [];

test('four more verified sharing firms change nothing the same month: the figures are drawn once a month', async () => {
  // The owner's firm pays $1,200 a seat (960,000 cents for 8 seats); four others pay $60, $150,
  // $300 and $700. The operator (the first account) verifies them.
  others = [];
  for (const [n, dollars] of [
    [1, 60],
    [2, 150],
    [3, 300],
    [4, 700],
  ] as const) {
    others.push(await aSharingFirm(n, dollars));
  }
  await signIn(OWNER);
  for (const firm of others) {
    const verified = await page.request.patch(`/api/admin/firms/${firm.firmId}`, { data: { verified: true } });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  await page.goto(`/vendors/${tool.id}`);
  await pricesTable().getByRole('cell', { name: 'Fewer than 5 firms shared' }).waitFor();
});

test("the next month's figures count the five firms and show no band and no price", async () => {
  await browser.close();
  await server.stop();
  const { month, start } = nextMonth();
  server = await startServer({ dataDir, clockStart: start });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.setWidth(1280);
  await signIn(OWNER);
  await page.goto(`/vendors/${tool.id}`);
  const table = pricesTable();
  // 60, 150, 300, 700, 1,200: five firms counted, but no band has 7 firms in lower bands and 7
  // in higher ones, so none is shown, and no price ever.
  await table.getByRole('cell', { name: '5', exact: true }).waitFor();
  const rows = await table.locator('tbody tr').allTextContents();
  expect(rows).toEqual(['Every size togetherNot shownNot shown5']);
  expect(rows.join(' ')).not.toContain('$');
  await page
    .getByText('Not shown: a band is shown only where at least 7 of these firms pay in lower bands and 7 in higher ones.')
    .waitFor();
  const [y, m] = month.split('-').map(Number);
  const label = new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  await page.getByText(`Figures of ${label}.`).waitFor();
  await page.getByRole('heading', { level: 2, name: 'What firms pay' }).scrollIntoViewIfNeeded();
  await checkWidths('the vendor profile with what firms pay counted', 'price-sharing-bands');
});

test('a counted firm that stops sharing withholds the figures at once', async () => {
  await signIn(others[0]!);
  const withdrawn = await page.request.put('/api/firm/price-sharing', { data: { share: false } });
  expect(withdrawn.ok(), await withdrawn.text()).toBe(true);
  await signIn(OWNER);
  await page.goto(`/vendors/${tool.id}`);
  const table = pricesTable();
  await table.getByRole('cell', { name: 'Not shown until the next monthly update' }).waitFor();
  expect((await table.textContent()) ?? '').not.toContain('$');
  await page.getByRole('heading', { level: 2, name: 'What firms pay' }).scrollIntoViewIfNeeded();
  await checkWidths('the vendor profile with what firms pay withheld', 'price-sharing-withheld');
});
