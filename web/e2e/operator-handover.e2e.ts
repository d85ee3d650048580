import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The install's operator hands the role over before their firm leaves: the Firm page of their
// firm points to "Hand over the operator role" on /admin/firms, where they offer it by email to an
// account of another firm; that account is told under the bell, answers on its Profile page
// (reached from the notice) and accepts. Then it runs the install, the old operator does not, and
// the old operator's firm offers "Delete firm...". Two accounts, the real binary; axe and
// screenshots at 1280 and 390; the forms are used with the keyboard.

const OPERATOR = { name: 'Olive Operator', email: 'olive@operator-law.test', password: 'runs-the-install-1', lawFirm: 'Operator Law' };
const NEXT = { name: 'Nia Next', email: 'nia@next-law.test', password: 'runs-it-next-1', lawFirm: 'Next Law' };

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
  await browser.context.clearCookies();
  await signUpAndOnboard(page, NEXT);
  await signIn(OPERATOR);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await removeDataDir(dataDir);
});

async function signIn(who: { email: string; password: string }) {
  await browser.context.clearCookies();
  const signedIn = await page.request.post('/api/auth/sign-in', { data: { email: who.email, password: who.password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

/** axe at 1280 and 390 wide, with a screenshot of the window at each, `target` in view. */
async function checkWidths(what: string, shot: string, target: Locator) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    await target.scrollIntoViewIfNeeded();
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width}px:\n${describeViolations(violations)}`).toEqual([]);
    await browser.screenshot(`${shot}-${width}`, { fullPage: false });
  }
  await browser.setWidth(1280);
}

/** Presses Tab until `target` has the focus (at most 80 times); fails when it never does. */
async function tabTo(target: Locator) {
  const focused = () => target.evaluate((el) => el === document.activeElement);
  for (let i = 0; i < 80 && !(await focused()); i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe(true);
}

async function isOperator(): Promise<boolean> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { isAdmin: boolean } };
  return me.user.isAdmin;
}

test('the operator’s Firm page points to the hand-over, where they offer the role by email with the keyboard', async () => {
  await page.goto('/firm');
  const deletion = page.getByRole('region', { name: 'Delete the firm' });
  const link = deletion.getByRole('link', { name: 'Hand over the operator role' });
  await link.waitFor();
  await tabTo(link);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/admin/firms#hand-over');

  const section = page.getByRole('region', { name: 'Hand over the operator role' });
  await section.getByText('imports demo bookings, keeps the vendor catalog, takes backups, sets up mail and verifies firms').waitFor();
  const email = section.getByLabel('Email of the new operator');
  await checkWidths('the hand-over section before an offer', 'operator-handover-form', section);
  await tabTo(email);
  await page.keyboard.type(NEXT.email);
  await page.keyboard.press('Enter');

  await section.getByText(/Offered to Nia Next: they have until/).waitFor();
  await section.getByText(`(${NEXT.email}, ${NEXT.lawFirm})`, { exact: false }).waitFor();
  await section.getByRole('button', { name: 'Withdraw the offer' }).waitFor();
  await checkWidths('the hand-over section with the offer pending', 'operator-handover-pending', section);
  expect(await isOperator()).toBe(true);
  const audit = (await (await page.request.get('/api/firm/audit')).json()) as { items: { action: string; detail: string }[] };
  expect(audit.items[0]?.action).toBe('operator_role_offered');
  expect(audit.items[0]?.detail).toContain(
    `Olive Operator offered the install's operator role to Nia Next (${NEXT.email}, ${NEXT.lawFirm})`,
  );
});

test('the offered account reads the notice, opens its Profile page from it and accepts with the keyboard', async () => {
  await signIn(NEXT);
  const bell = (await (await page.request.get('/api/notifications')).json()) as {
    items: { kind: string; title: string; link: string; read: boolean }[];
  };
  const notice = bell.items.find((n) => n.kind === 'operatorHandover');
  expect(notice?.title).toBe("Olive Operator offers you the install's operator role");
  expect(notice?.read).toBe(false);
  await page.goto(notice!.link);

  const section = page.getByRole('region', { name: 'The install’s operator role' });
  await section.getByText('Olive Operator', { exact: true }).waitFor();
  expect(await section.textContent()).toContain('takes backups, sets up mail and verifies firms');
  await checkWidths('the offer on the Profile page', 'operator-handover-offer', section);
  const accept = section.getByRole('button', { name: 'Accept the operator role' });
  await tabTo(accept);
  await page.keyboard.press('Enter');

  await section.getByText('You accepted: you run this Litstack now. Its pages are under This install in the menu.').waitFor();
  expect(await isOperator()).toBe(true);
  await checkWidths('the Profile page after accepting', 'operator-handover-accepted', section);
  await page.goto('/admin/firms#hand-over');
  await page.getByRole('region', { name: 'Hand over the operator role' }).getByLabel('Email of the new operator').waitFor();
  const audit = (await (await page.request.get('/api/firm/audit')).json()) as { items: { action: string; detail: string }[] };
  expect(audit.items[0]?.action).toBe('operator_role_accepted');
});

test('the old operator no longer runs the install, and their firm can now be deleted', async () => {
  await signIn(OPERATOR);
  expect(await isOperator()).toBe(false);
  await page.goto('/firm');
  const deletion = page.getByRole('region', { name: 'Delete the firm' });
  await deletion.getByRole('button', { name: 'Delete firm...' }).waitFor();
  expect(await deletion.getByRole('link', { name: 'Hand over the operator role' }).count()).toBe(0);
  await checkWidths('the old operator’s Firm page, deletion offered', 'operator-handover-firm-deletable', deletion);
  const bell = (await (await page.request.get('/api/notifications')).json()) as { items: { kind: string; title: string }[] };
  expect(bell.items.find((n) => n.kind === 'operatorHandover')?.title).toBe("Nia Next is now the install's operator");
  expect((await page.request.get('/api/admin/handover')).status()).toBe(403);
});
