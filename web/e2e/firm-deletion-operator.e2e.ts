import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { formatDate } from '@/lib/format';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The operator deletes a firm from /admin/firms: the first account is the install's operator; a
// second sign-up makes the firm to delete. "Schedule deletion..." asks in a dialog, the row then
// says the day it runs and "Keep firm" takes it back. The operator's own firm has no such button.
// axe on the page and the open dialog; screenshots at 1280 and 390.

const OPERATOR = { name: 'Olive Operator', email: 'olive@operator-law.test', password: 'runs-the-install-1', lawFirm: 'Operator Law' };
const OTHER = { name: 'Pat Doe', email: 'pat@doe-injury.test', password: 'browse-the-directory-1', lawFirm: 'Doe Injury Law' };
const DAY_MS = 86_400_000;

type AdminFirms = { items: { id: number; name: string; deletionDueAt?: string | null }[] };

let dataDir: string;
let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  dataDir = await makeDataDir();
  server = await startServer({ dataDir });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.setWidth(1280);
  await signUpAndOnboard(page, OPERATOR);
  // The second firm signs up elsewhere; the operator signs back in.
  const other = await launchBrowser({ baseURL: server.url });
  try {
    await signUpAndOnboard(other.page, OTHER);
  } finally {
    await other.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await removeDataDir(dataDir);
});

/** axe at 1280 and 390 wide, with a screenshot at each (a dialog: the window, where it sits). */
async function checkWidths(what: string, shot: string, { fullPage = true } = {}) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width}px:\n${describeViolations(violations)}`).toEqual([]);
    await browser.screenshot(`${shot}-${width}`, { fullPage });
  }
  await browser.setWidth(1280);
}

function row(firm: string): Locator {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${firm}`) }) });
}

async function dueAt(firm: string): Promise<string | null> {
  const answer = await page.request.get('/api/admin/firms');
  expect(answer.status()).toBe(200);
  const item = ((await answer.json()) as AdminFirms).items.find((f) => f.name === firm);
  expect(item, firm).toBeTruthy();
  return item?.deletionDueAt ?? null;
}

test('the operator schedules the deletion of another firm from a dialog, and the row says when it runs', async () => {
  await page.goto('/admin/firms');
  await page.getByRole('heading', { name: 'Firms', level: 1 }).waitFor();
  const other = row(OTHER.lawFirm);
  await other.getByRole('button', { name: `Schedule deletion... of ${OTHER.lawFirm}` }).waitFor();
  // The operator's own firm cannot be deleted: no button for it.
  await row(OPERATOR.lawFirm).getByText('(your firm)').waitFor();
  expect(
    await row(OPERATOR.lawFirm)
      .getByRole('button', { name: /^Schedule deletion/ })
      .count(),
  ).toBe(0);
  await checkWidths('/admin/firms', 'firm-deletion-operator-list');

  await other.getByRole('button', { name: `Schedule deletion... of ${OTHER.lawFirm}` }).click();
  const dialog = page.getByRole('dialog', { name: `Schedule the deletion of ${OTHER.lawFirm}?` });
  await dialog
    .getByText(
      `${OTHER.lawFirm} and every member’s account will be removed, with everything the firm holds here, after this install’s waiting period. Until then you or an owner of the firm can keep it.`,
    )
    .waitFor();
  await checkWidths('the open Schedule deletion dialog', 'firm-deletion-operator-dialog', { fullPage: false });

  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/deletion')),
    dialog.getByRole('button', { name: 'Schedule deletion' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  const scheduled = (await answer.json()) as { dueAt: string; scheduledAt: string; by: string };
  // The install's grace period: 30 days by default.
  expect(Date.parse(scheduled.dueAt) - Date.parse(scheduled.scheduledAt)).toBe(30 * DAY_MS);
  await dialog.waitFor({ state: 'detached' });

  expect(await dueAt(OTHER.lawFirm)).toBe(scheduled.dueAt);
  await other
    .getByRole('rowheader')
    .getByText(`Deletion on ${formatDate(scheduled.dueAt)}`)
    .waitFor();
  await other.getByRole('button', { name: `Keep firm ${OTHER.lawFirm}` }).waitFor();
  expect(await other.getByRole('button', { name: /^Schedule deletion/ }).count()).toBe(0);
  await checkWidths('/admin/firms with a deletion scheduled', 'firm-deletion-operator-scheduled');
});

test('the operator keeps the firm: the day goes and the deletion can be asked for again', async () => {
  const other = row(OTHER.lawFirm);
  await other.getByRole('button', { name: `Keep firm ${OTHER.lawFirm}` }).click();
  await other.getByRole('button', { name: `Schedule deletion... of ${OTHER.lawFirm}` }).waitFor();
  expect(await other.getByText(/Deletion on/).count()).toBe(0);
  expect(await dueAt(OTHER.lawFirm)).toBeNull();
  const violations = await axeViolations(page);
  expect(violations, `/admin/firms after keeping the firm:\n${describeViolations(violations)}`).toEqual([]);
});

test('the server refuses the operator’s own firm with its reason', async () => {
  const firms = (await (await page.request.get('/api/admin/firms')).json()) as AdminFirms;
  const own = firms.items.find((f) => f.name === OPERATOR.lawFirm);
  const refused = await page.request.post(`/api/admin/firms/${own?.id}/deletion`);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("the install's operator is one of its members");
});
