import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { formatDate } from '@/lib/format';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, type TestServer } from './support/server';
import { inviteAndJoin, signUpAndOnboard } from './support/session';

// A firm asks to be deleted: the owner presses "Delete firm..." on the Firm page, reads what goes
// in a dialog and schedules it; the page then tells every member the day it runs and who asked
// (an invited member reads it, with nothing to press), and the owner's "Keep the firm" takes it
// back. The first account is the install's operator, whose firm the server never deletes: its
// section offers no button but says how to get there (and the server refuses it). axe on the page and the open dialog; screenshots at 1280 and 390.

const OPERATOR = { name: 'Olive Operator', email: 'olive@operator-law.test', password: 'runs-the-install-1', lawFirm: 'Operator Law' };
const OWNER = { name: 'Pat Doe', email: 'pat@doe-injury.test', password: 'browse-the-directory-1', lawFirm: 'Doe Injury Law' };
const MEMBER = { name: 'Sam Lee', email: 'sam@doe-injury.test', password: 'member-of-the-firm-1', role: 'member' as const };
const OPERATORS_FIRM =
  "This firm cannot be deleted: the install's operator is one of its members, and nobody could run Litstack without them. The operator hands the role to another account first (Hand over the operator role, on the install's Firms page), or removes the install.";
// The operator reads the way there: the hand-over on /admin/firms (web/e2e/operator-handover.e2e.ts goes it).
const HAND_OVER_FIRST =
  'You run this Litstack, and it cannot run without an operator, so your firm cannot be deleted while you are one of its members. Hand the operator role to an account of another firm first; once they accept, you can delete the firm here.';
const DAY_MS = 86_400_000;

type Deletion = {
  scheduled: boolean;
  dueAt: string | null;
  scheduledAt: string | null;
  by: string | null;
  canSchedule: boolean;
  blockedBy: string | null;
};

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

async function expectAccessible(what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

function section(): Locator {
  return page.getByRole('region', { name: 'Delete the firm' });
}

/** The notice at the top of the Firm page (toasts are status regions too). */
function notice(): Locator {
  return page.getByRole('status').filter({ hasText: 'This firm will be deleted on' });
}

async function deletion(): Promise<Deletion> {
  const answer = await page.request.get('/api/firm/deletion');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Deletion;
}

async function signIn(who: { email: string; password: string }) {
  await browser.context.clearCookies();
  const signedIn = await page.request.post('/api/auth/sign-in', { data: { email: who.email, password: who.password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

test('the operator’s own firm offers no deletion: the section says how to get there, and the server agrees', async () => {
  await page.goto('/firm');
  const own = section();
  await own.getByText(HAND_OVER_FIRST).waitFor();
  expect(await own.getByRole('link', { name: 'Hand over the operator role' }).getAttribute('href')).toBe('/admin/firms#hand-over');
  expect(await own.getByRole('button').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete firm...' }).count()).toBe(0);
  await own.scrollIntoViewIfNeeded();
  await checkWidths('the Firm page of the operator’s firm', 'firm-deletion-operators-firm', { fullPage: false });
  const state = await deletion();
  expect(state.canSchedule).toBe(false);
  expect(state.blockedBy).toBe('operator');
  // What the page does not offer, the server refuses.
  const refused = await page.request.post('/api/firm/deletion', { data: { code: null } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(OPERATORS_FIRM);
  expect(await notice().count()).toBe(0);
  expect((await deletion()).scheduled).toBe(false);
});

test('the owner of a second firm schedules its deletion from the dialog, and the page says when it runs', async () => {
  await browser.context.clearCookies();
  await signUpAndOnboard(page, OWNER);
  await page.goto('/firm');
  const own = section();
  await own
    .getByText(
      'Deleting the firm removes every member’s account and everything the firm holds here. It runs on the day shown when you ask, and until then any owner can keep the firm.',
    )
    .waitFor();
  expect(await notice().count()).toBe(0);
  await own.scrollIntoViewIfNeeded();
  await expectAccessible('the Firm page with the Delete the firm section');

  await own.getByRole('button', { name: 'Delete firm...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Doe Injury Law?' });
  await dialog.getByText('Until that day any owner can keep the firm').waitFor();
  // No second factor: nothing to type.
  expect(await dialog.getByRole('textbox').count()).toBe(0);
  await checkWidths('the open Delete dialog', 'firm-deletion-dialog', { fullPage: false });

  await dialog.getByRole('button', { name: 'Schedule deletion' }).click();
  await dialog.waitFor({ state: 'detached' });

  const scheduled = await deletion();
  expect(scheduled.scheduled).toBe(true);
  expect(scheduled.by).toBe(OWNER.name);
  // The install's grace period: 30 days by default.
  expect(Date.parse(scheduled.dueAt!) - Date.parse(scheduled.scheduledAt!)).toBe(30 * DAY_MS);
  const day = formatDate(scheduled.dueAt);
  await notice().getByText(`This firm will be deleted on ${day} (asked by ${OWNER.name}).`).waitFor();
  expect(await notice().textContent()).toContain('Everything it holds here will be removed.');
  await notice().getByRole('button', { name: 'Keep the firm' }).waitFor();
  await own.getByText(`Scheduled: the firm will be deleted on ${day}.`).waitFor();
  expect(await own.getByRole('button').count()).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkWidths('the Firm page with the deletion scheduled', 'firm-deletion-scheduled');

  // Asking again keeps the first schedule.
  const again = await page.request.post('/api/firm/deletion', { data: { code: null } });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as Deletion).dueAt).toBe(scheduled.dueAt);

  const audit = (await (await page.request.get('/api/firm/audit')).json()) as { items: { detail: string }[] };
  expect(audit.items.some((item) => item.detail.startsWith("Pat Doe scheduled the firm's deletion for"))).toBe(true);
});

test('an invited member reads the notice, with nothing to press (and the server refuses them)', async () => {
  await inviteAndJoin(page, MEMBER);
  await page.goto('/firm');
  const { dueAt } = await deletion();
  await notice()
    .getByText(`This firm will be deleted on ${formatDate(dueAt)} (asked by ${OWNER.name}).`)
    .waitFor();
  expect(await notice().getByRole('button').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Keep the firm' }).count()).toBe(0);
  expect(await section().count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete firm...' }).count()).toBe(0);
  await expectAccessible('the Firm page of a member, with the deletion scheduled');
  await browser.screenshot('firm-deletion-member-1280');

  expect((await page.request.delete('/api/firm/deletion')).status()).toBe(403);
  expect((await page.request.post('/api/firm/deletion', { data: { code: null } })).status()).toBe(403);
});

test('a member sees the scheduled deletion on every screen, with the day and who can take it back, and reaches the Firm page by keyboard', async () => {
  const { dueAt } = await deletion();
  for (const path of ['/matches', '/profile']) {
    await page.goto(path);
    const banner = page.getByRole('status').filter({ hasText: 'Your firm will be deleted on' });
    await banner.getByText(`Your firm will be deleted on ${formatDate(dueAt)} (asked by ${OWNER.name}).`).waitFor();
    expect(await banner.textContent()).toContain(
      'Until then an owner of the firm or the install’s operator can take it back on the Firm page.',
    );
  }
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkWidths('the member’s profile with the deletion banner', 'firm-deletion-banner', { fullPage: false });
  // Keyboard: the banner's link is reachable with Tab and opens the Firm page.
  const link = page.getByRole('status').getByRole('link', { name: 'Firm page' });
  for (let i = 0; i < 60 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/firm');
  await notice().waitFor();
  // On the Firm page the notice says it once: no banner above it.
  expect(await page.getByRole('status').filter({ hasText: 'Your firm will be deleted on' }).count()).toBe(0);
});

test('the owner keeps the firm: the notice goes and the page says the firm stays', async () => {
  await signIn(OWNER);
  await page.goto('/firm');
  await notice().getByRole('button', { name: 'Keep the firm' }).click();
  const stays = page.getByText('The firm stays.');
  await stays.waitFor();
  expect(await page.locator('[aria-live="polite"]').filter({ hasText: 'The firm stays.' }).count()).toBe(1);
  await notice().waitFor({ state: 'detached' });
  expect((await deletion()).scheduled).toBe(false);
  // It can be asked for again.
  await section().getByRole('button', { name: 'Delete firm...' }).waitFor();
  await expectAccessible('the Firm page after keeping the firm');

  const audit = (await (await page.request.get('/api/firm/audit')).json()) as { items: { detail: string }[] };
  expect(audit.items.some((item) => item.detail === "Pat Doe took the firm's scheduled deletion back")).toBe(true);
  // The bell told the owner both (the member above joined after it was scheduled: the banner told them).
  const bell = (await (await page.request.get('/api/notifications')).json()) as { items: { kind: string; title: string }[] };
  const titles = bell.items.filter((n) => n.kind === 'firmDeletion').map((n) => n.title);
  expect(titles[0]).toBe(`${OWNER.lawFirm} is no longer to be deleted`);
  expect(titles[1]).toMatch(new RegExp(`^${OWNER.lawFirm} is to be deleted on [A-Z][a-z]+ \\d{1,2}, \\d{4}$`));
});
