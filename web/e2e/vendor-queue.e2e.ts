import path from 'node:path';

import { request, type APIRequestContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, screenshotDir, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';
import { closeToasts } from './support/toasts';

// The operator's side of vendor accounts, on Manage Vendors: the operator invites a person to
// keep Nolo's listing (this install sends no mail, so the link is shown to hand over), the person
// takes the link up and proposes changes through the API, and the operator rejects one proposal
// (a reason is required) and approves the other fact by fact from the keyboard, the BAA with the
// page of Nolo's it saw as evidence. An invitation sent to a wrong
// address waits under "Invitations waiting" until the operator revokes it; its link then no longer
// works. A firm then sees Nolo's booking link supplied by Nolo, and that it signs a BAA. Last, the
// operator removes the account.

const NOLO = 2;
const BOOKING = 'https://www.nolo.com/demo-for-firms';
/** The BAA's evidence: a page on Nolo's own site. */
const BAA_PAGE = 'https://www.nolo.com/legal/baa';
const REASON = 'Nolo does not offer multi-factor sign-in to firms yet: its own help pages say so.';

let server: TestServer;
let browser: TestBrowser;
let page: Page;
/** The vendor's own client: its cookies are the vendor session. */
let vendor: APIRequestContext;

const proposals = () => page.getByRole('region', { name: 'Proposals from vendors' });
const accounts = () => page.getByRole('region', { name: 'Vendor accounts' });
const inviteForm = () => accounts().getByRole('form', { name: 'Invite a person' });
const waiting = () => accounts().getByRole('region', { name: 'Invitations waiting' });
const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
// The day the server credits an approval to (UTC), as the screens show it.
const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Screenshots at 1280 px and at a phone's 390 px, then back to 1280. */
async function screenshots(name: string, { fullPage = true } = {}) {
  await closeToasts(page);
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    await browser.screenshot(`${name}-${width}`, { fullPage });
  }
  await browser.setWidth(1280);
}

/** The Vendor accounts section alone, at 1280 px and at 390 px, then back to 1280. */
async function sectionScreenshots(name: string) {
  await closeToasts(page);
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    await accounts().screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), animations: 'disabled' });
  }
  await browser.setWidth(1280);
}

/** Invites `email` to keep Nolo's listing; answers the link shown to hand over. */
async function inviteToNolo(email: string): Promise<string> {
  const form = inviteForm();
  await form.getByLabel('Find the listing').fill('nolo');
  await form.getByRole('option', { name: 'Nolo', exact: true }).waitFor({ state: 'attached' });
  await form.getByLabel('Listing', { exact: true }).selectOption({ label: 'Nolo' });
  await form.getByLabel('Their email').fill(email);
  await form.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invitation to keep Nolo’s listing' });
  const link = await dialog.getByLabel('Invitation link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  return link;
}

/** No axe violation at 1280 px and at 390 px. */
async function expectAccessible(what: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(1280);
}

async function openManageVendors() {
  await page.goto('/admin/vendors');
  await page.getByRole('heading', { name: 'Manage Vendors', level: 1 }).waitFor();
  await proposals()
    .getByText(/waiting/)
    .waitFor();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  // Offline: vendor pages and icon services answer locally.
  await browser.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.fulfill({ status: 404, body: '' }),
  );
  await page.goto('/auth/sign-in');
  await signUpAndOnboard(page, 'ada@admin-law.test'); // the first account is the admin
  vendor = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: new URL(server.url).origin } });
});

afterAll(async () => {
  await vendor?.dispose();
  await browser?.close();
  await server?.stop();
});

describe('Vendor accounts and their proposals on Manage Vendors', () => {
  test('the operator invites a person to keep Nolo’s listing: without mail, the link is shown to hand over', async () => {
    await openManageVendors();
    await proposals().getByText('No proposals are waiting.', { exact: true }).waitFor();
    await accounts().getByText('No one keeps a vendor listing yet.', { exact: true }).waitFor();

    const form = inviteForm();
    await form.getByLabel('Find the listing').fill('nolo');
    await form.getByRole('option', { name: 'Nolo', exact: true }).waitFor({ state: 'attached' });
    // Checked before the server is asked.
    await form.getByRole('button', { name: 'Invite' }).click();
    await form.getByText('Choose the listing the person will keep.', { exact: true }).waitFor();
    await form.getByLabel('Listing', { exact: true }).selectOption({ label: 'Nolo' });
    await form.getByLabel('Their email').fill('jo@nolo.com');
    await form.getByRole('button', { name: 'Invite' }).click();

    const dialog = page.getByRole('dialog', { name: 'Invitation to keep Nolo’s listing' });
    await dialog.getByText(/This install sends no mail, so hand this link to jo@nolo\.com yourself\./).waitFor();
    const link = await dialog.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/vendor/join#[\\w-]+$`));
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshots('vendor-queue-invitation-link', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await accounts()
      .getByText(/^The invitation link for jo@nolo\.com \(Nolo\) is not shown again/)
      .waitFor();
    // It waits to be taken up.
    await waiting().getByRole('listitem').filter({ hasText: 'jo@nolo.com' }).waitFor();

    // The person takes the link up: the vendor session is in `vendor`'s cookies.
    const token = link.split('#')[1]!;
    const accepted = await vendor.post('/api/vendor/links/accept', {
      data: { token, name: 'Jo Nolo', password: 'keep-the-listing-true-1' },
    });
    expect(accepted.status(), await accepted.text()).toBe(201);
    expect(((await accepted.json()) as { listing: { id: number } }).listing.id).toBe(NOLO);

    // A second invitation for that address is refused: it has a vendor account now.
    await form.getByLabel('Their email').fill('jo@nolo.com');
    await form.getByRole('button', { name: 'Invite' }).click();
    await form.getByRole('alert').getByText('jo@nolo.com has a vendor account already').waitFor();
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // The list shows the new account once read again.
    await openManageVendors();
    const row = accounts().getByRole('row', { name: /Nolo/ });
    await row.getByText('jo@nolo.com', { exact: true }).waitFor();
    await row.getByText('Jo Nolo', { exact: true }).waitFor();
    expect(await row.getByText('Invited', { exact: true }).count()).toBeGreaterThan(0);
    await row.getByRole('cell', { name: 'Off', exact: true }).waitFor();
    // Taken up, the invitation no longer waits: with none waiting, the list is not there.
    expect(await waiting().count()).toBe(0);
  });

  test('an invitation sent to a wrong address waits until the operator revokes it, and its link then no longer works', async () => {
    await openManageVendors();
    const link = await inviteToNolo('kim@nolo.cmo');
    const token = link.split('#')[1]!;

    // Read again as the section loads: the address, the listing and the day its link stops working; never the link.
    await openManageVendors();
    const items = waiting().getByRole('list', { name: 'Invitations waiting' }).getByRole('listitem');
    const row = items.filter({ hasText: 'kim@nolo.cmo' });
    await row.waitFor();
    expect(await items.count()).toBe(1);
    const expires = (await row.locator('time').getAttribute('datetime'))!;
    expect(Math.abs(Date.parse(expires) - Date.now() - 7 * 86_400_000)).toBeLessThan(5 * 60_000);
    const day = await page.evaluate(
      (at) => new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      expires,
    );
    expect(await row.textContent()).toBe(`kim@nolo.cmoNolo · Expires ${day}Revoke the invitation to kim@nolo.cmo`);
    expect(await page.content()).not.toContain(token);
    await row.scrollIntoViewIfNeeded();
    await expectAccessible('Vendor accounts with an invitation waiting');
    await sectionScreenshots('vendor-queue-invitations-waiting');

    await row.getByRole('button', { name: 'Revoke the invitation to kim@nolo.cmo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the invitation to kim@nolo.cmo?' });
    await confirm.getByText('The link sent to kim@nolo.cmo to keep Nolo’s listing stops working at once.').waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await confirm.waitFor({ state: 'detached' });
    await toast('The link sent to kim@nolo.cmo no longer works.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await waiting().count()).toBe(0);
    expect((await (await page.request.get('/api/admin/vendor-invitations')).json()).items).toEqual([]);

    // The link handed over says it no longer works, and asks nothing.
    await page.goto(`/vendor/join#${token}`);
    await page.getByRole('heading', { name: 'This link cannot be used', level: 1 }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'This link is not valid any more: it was used, or more than 7 days passed. Ask for a new one.',
    );
    expect(await page.getByLabel(/Password/).count()).toBe(0);
  });

  test('the operator rejects one proposal with a reason and approves the other from the keyboard', async () => {
    const first = await vendor.post('/api/vendor/proposals', { data: { bookingUrl: BOOKING, facts: { hipaaBaa: true } } });
    expect(first.status(), await first.text()).toBe(201);
    const second = await vendor.post('/api/vendor/proposals', { data: { facts: { mfa: true } } });
    expect(second.status(), await second.text()).toBe(201);
    const secondId = ((await second.json()) as { id: number }).id;

    await openManageVendors();
    await proposals()
      .getByText(/^2 proposals are waiting for your decision\./)
      .waitFor();
    const open = proposals().getByRole('list', { name: 'Open proposals' }).getByRole('article', { name: 'Nolo' });
    expect(await open.count()).toBe(2);
    // Oldest first: the booking link and the BAA, each now and as proposed.
    const rows = open.nth(0).getByRole('row');
    expect(
      await rows.evaluateAll((trs) =>
        trs.filter((tr) => tr.children.length === 3).map((tr) => Array.from(tr.children, (cell) => cell.textContent)),
      ),
    ).toEqual([
      ['Fact', 'Now', 'Proposed'],
      ['Booking link', 'Not stated', BOOKING],
      ['Signs a BAAAttestation', 'Not stated', 'Yes'],
    ]);
    expect(
      await open
        .nth(0)
        .getByText(/^Proposed by Jo Nolo on /)
        .count(),
    ).toBe(1);
    expect(await open.nth(1).getByRole('row').nth(1).textContent()).toBe('Multi-factor sign-inNot statedYes');
    // Each fact has its own Approve and Reject; only the BAA, an attestation, asks for evidence.
    expect(await open.nth(0).getByRole('group', { name: 'Evidence for Signs a BAA: what did you see?' }).count()).toBe(1);
    expect(await open.nth(1).getByRole('group').count()).toBe(0);
    await expectAccessible('Manage Vendors with two open proposals');
    await screenshots('vendor-queue-open');

    // Rejecting without a reason: the screen says one is needed, and so does the server.
    await open
      .nth(1)
      .getByRole('button', { name: /^Reject all/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Reject Nolo’s proposal?' });
    await dialog.getByRole('button', { name: 'Reject proposal' }).click();
    await dialog.getByText('Say why the proposal is rejected: the vendor is told.', { exact: true }).waitFor();
    const refused = await page.request.post(`/api/admin/vendor-proposals/${secondId}/decision`, { data: { approve: false } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ error: 'Say why the proposal is rejected: the vendor is told' });
    await expectAccessible('the rejection dialog with its error');
    await screenshots('vendor-queue-reject', { fullPage: false });

    await dialog.getByLabel('Reason, shown to the vendor').fill(REASON);
    await dialog.getByRole('button', { name: 'Reject proposal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast('Jo Nolo is told your reason.').waitFor();
    await proposals()
      .getByText(/^1 proposal is waiting for your decision\./)
      .waitFor();

    // Approve fact by fact, from the keyboard: Tab reaches the booking link's Approve first.
    const approve = open.getByRole('button', { name: 'Approve Booking link' });
    await open.getByRole('heading', { name: 'Nolo' }).click();
    for (let i = 0; i < 5 && !(await approve.evaluate((button) => button === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await approve.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await toast('Nolo: Booking link approved').waitFor();
    await open.getByText(`Approved on ${today()}`).waitFor();
    // The BAA waits for its evidence: a page of another site is refused with the server's words.
    const approveBaa = open.getByRole('button', { name: 'Approve Signs a BAA' });
    await approveBaa.click();
    await open.getByText(/^Signs a BAA is an attestation: give the page you saw/).waitFor();
    const evidence = open.getByLabel('Nolo’s trust or legal page for Signs a BAA');
    await evidence.fill('https://trust.example.org/nolo-baa');
    await approveBaa.click();
    await open
      .getByRole('alert')
      .getByText(/is not on Nolo's own site/)
      .waitFor();
    await expectAccessible('a proposal with one fact approved and the BAA’s evidence refused');
    await screenshots('vendor-queue-fact-by-fact');
    await evidence.fill(BAA_PAGE);
    await approveBaa.focus();
    await page.keyboard.press('Enter');
    await toast('Nolo: Signs a BAA approved').waitFor();
    const none = proposals().getByText('No proposals are waiting.', { exact: true });
    await none.waitFor();
    // The focus is not lost with the button: it lands on what the section now says.
    await page.waitForFunction(() => document.activeElement?.textContent === 'No proposals are waiting.');

    // Both are in Decided, with their status, day and reason.
    await proposals().getByText('Decided (2)').click();
    const decided = proposals().getByRole('list', { name: 'Decided proposals' }).getByRole('listitem');
    expect(await decided.count()).toBe(2);
    const approved = decided.filter({ hasText: `Approved on ${today()}` });
    const rejected = decided.filter({ hasText: `Rejected on ${today()}` });
    expect(await approved.count()).toBe(1);
    expect(await approved.getByText(/^Reason/).count()).toBe(0);
    await rejected.getByText(`Reason: ${REASON}`).waitFor();
    await expectAccessible('Manage Vendors with the decided proposals open');
    await screenshots('vendor-queue-decided');

    // Under the operator's bell each proposal's notice says how it ended, and no longer asks to
    // approve or reject it (issue 77).
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const bell = page.getByRole('region', { name: 'Your notifications' });
      await bell.getByText(/approved this proposal on \d{4}-\d{2}-\d{2}\./).waitFor();
      await bell.getByText(/rejected this proposal on \d{4}-\d{2}-\d{2}\./).waitFor();
      expect(await bell.getByText(/Approve or reject it under/).count(), `${width} px`).toBe(0);
      await expectAccessible(`the operator's notifications at ${width} px`);
      await page.keyboard.press('Escape');
      await bell.waitFor({ state: 'detached' });
    }
    await browser.setWidth(1440);

    // The table of vendors shows the approved link, supplied by Nolo.
    await page.getByLabel('Search vendors').fill('nolo');
    await page
      .getByRole('row', { name: /^Nolo Lead Generation/ })
      .getByText(`Supplied by Nolo on ${today()}`)
      .waitFor();

    // The vendor is told.
    const notices = (await (await vendor.get('/api/vendor/notices')).json()) as { items: { title: string; body: string }[] };
    expect(notices.items.map((n) => n.title)).toEqual(['Your proposal for Nolo is live', 'Your proposal for Nolo was not approved']);
    expect(notices.items[1]!.body).toContain(REASON);
  });

  test('a firm sees Nolo’s booking link supplied by Nolo, and that it signs a BAA', async () => {
    // A person of another firm, in a browser of their own.
    const firm = await launchBrowser({ baseURL: server.url });
    try {
      await firm.context.route(
        (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
        (route) => route.fulfill({ status: 404, body: '' }),
      );
      const firmPage = firm.page;
      await firmPage.goto('/auth/sign-in');
      await signUpAndOnboard(firmPage, 'pat@doe-injury.test');
      await firmPage.goto(`/vendors/${NOLO}`);
      await firmPage.getByRole('heading', { name: 'Nolo', level: 1 }).waitFor();
      // Facts and sources: the booking link, supplied by Nolo on the day it was approved.
      const sources = firmPage.getByRole('region', { name: 'Facts and sources' });
      const link = sources.getByRole('definition').filter({ hasText: `Supplied by Nolo on ${today()}` });
      await link.waitFor();
      expect(await link.evaluate((dd) => dd.previousElementSibling?.textContent)).toBe('Booking link');
      // Security: signs a BAA, supplied by Nolo too.
      // Security: signs a BAA, supplied by Nolo, with the evidence the operator saw and its page.
      const baa = firmPage.getByRole('region', { name: 'Security' }).getByRole('definition').filter({ hasText: 'Signs a BAA' });
      expect(await baa.textContent()).toMatch(
        new RegExp(`^Signs a BAASupplied by Nolo on ${today()} · evidence seen by the operator on ${today()} · Evidence of `),
      );
      expect(await baa.getByRole('link', { name: /^Evidence/ }).getAttribute('href')).toBe(BAA_PAGE);
      const vendors = (await (await firmPage.request.get('/api/vendors?q=nolo')).json()) as { items: { id: number; bookingUrl: string }[] };
      expect(vendors.items.find((v) => v.id === NOLO)?.bookingUrl).toBe(BOOKING);
      for (const width of [1280, widths.phone]) {
        await firm.setWidth(width);
        await link.scrollIntoViewIfNeeded();
        await firm.screenshot(`vendor-queue-firm-profile-${width}`, { fullPage: false });
      }
    } finally {
      await firm.close();
    }
  });

  test('the operator removes the vendor account once confirmed, and its session ends', async () => {
    expect((await vendor.get('/api/vendor/me')).status()).toBe(200);

    // As the operator's notice of a claim opens it: the section is scrolled to once loaded.
    await page.goto('/vendors');
    await page.goto('/admin/vendors#vendor-accounts');
    const row = accounts().getByRole('row', { name: /Nolo/ });
    await row.waitFor();
    await page.waitForFunction(() => Math.abs(document.getElementById('vendor-accounts')!.getBoundingClientRect().top) < 40);
    await row.getByRole('button', { name: 'Remove Jo Nolo (jo@nolo.com)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Jo Nolo’s vendor account?' });
    await confirm.getByText(/can no longer sign in or propose changes to Nolo’s listing/).waitFor();
    await confirm.getByRole('button', { name: 'Remove account' }).click();
    await toast('Jo Nolo no longer keeps Nolo’s listing.').waitFor();
    await accounts().getByText('No one keeps a vendor listing yet.', { exact: true }).waitFor();
    expect((await vendor.get('/api/vendor/me')).status()).toBe(401);
    // The decided proposals stay.
    expect((await (await page.request.get('/api/admin/vendor-proposals')).json()).decided).toHaveLength(2);
  });
});
