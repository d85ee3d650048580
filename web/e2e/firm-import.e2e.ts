import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { addAToolToTheStack, inviteAndJoin, signUpAndOnboard } from './support/session';

// A firm moves between installs: on install A its owner (A's first account) adds a tool to the
// tech stack, invites a member and downloads the firm's archive (POST /api/firm/export); install
// B, a second server with its own data directory, has an operator of its own, who uploads the
// zip on the Firms screen and sees what the import did (the firm, its members, its rows) and the
// firm in the list. The same archive again is refused with the server's message (its emails now
// have accounts here), and so is a file that is no zip. axe and screenshots at 1280 and 390.

const OWNER = { name: 'Pat Doe', email: 'pat@doe-injury.test', password: 'browse-the-directory-1', lawFirm: 'Doe Injury Law' };
const MEMBER = { name: 'Max Member', email: 'max@doe-injury.test', password: 'member-of-the-firm-1' };
const OPERATOR = { name: 'Olive Operator', email: 'olive@operator-law.test', password: 'runs-the-install-1', lawFirm: 'Operator Law' };

let installA: TestServer;
let installB: TestServer;
let browser: TestBrowser;
let page: Page;
let archive: Buffer;

beforeAll(async () => {
  installA = await startServer();
  const a = await launchBrowser({ baseURL: installA.url });
  try {
    await signUpAndOnboard(a.page, OWNER);
    await addAToolToTheStack(a.page);
    await inviteAndJoin(a.page, MEMBER);
    await a.context.clearCookies();
    const signedIn = await a.page.request.post('/api/auth/sign-in', { data: { email: OWNER.email, password: OWNER.password } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const exported = await a.page.request.post('/api/firm/export', { data: {} });
    expect(exported.status(), await exported.text()).toBe(200);
    archive = await exported.body();
    expect(archive.subarray(0, 2).toString('latin1')).toBe('PK');
  } finally {
    await a.close();
    await installA.stop();
  }

  installB = await startServer();
  browser = await launchBrowser({ baseURL: installB.url });
  page = browser.page;
  await browser.setWidth(1280);
  await signUpAndOnboard(page, OPERATOR);
});

afterAll(async () => {
  await browser?.close();
  await installB?.stop();
});

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

function section(): Locator {
  return page.getByRole('region', { name: 'Import a firm' });
}

/** Chooses `file` and presses "Import firm" from the keyboard; answers the server's status. */
async function importFile(file: { name: string; mimeType: string; buffer: Buffer }): Promise<number> {
  await section().getByLabel('Firm archive (.zip)').setInputFiles(file);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/admin/firms/import')),
    (async () => {
      await section().getByRole('button', { name: 'Import firm' }).focus();
      await page.keyboard.press('Enter');
    })(),
  ]);
  return answer.status();
}

test('the operator of install B imports the archive from install A, sees what it did, and the firm is in the list', async () => {
  await page.goto('/admin/firms');
  await page.getByRole('heading', { name: 'Firms', level: 1 }).waitFor();
  await section()
    .getByText(
      'Loads a firm’s archive from another Litstack install as a new firm. Its people have no password here: you give an owner a reset link, and the owner gives the others theirs.',
    )
    .waitFor();
  expect(await page.getByRole('rowheader', { name: new RegExp(`^${OWNER.lawFirm}`) }).count()).toBe(0);

  expect(await importFile({ name: 'litstack-firm.zip', mimeType: 'application/zip', buffer: archive })).toBe(201);
  const result = section().getByRole('region', { name: `Imported ${OWNER.lawFirm}` });
  await result.waitFor();
  await expect.poll(() => result.getByRole('heading', { level: 3 }).evaluate((h) => h === document.activeElement)).toBe(true);
  expect(await result.getByText('Members').locator('..').getByRole('definition').textContent()).toBe('2');
  // The rows come from the answer: the firm, both members, the tool in the stack among them.
  const items = await result.getByRole('listitem').allTextContents();
  expect(items).toContain('firms1 row');
  expect(items).toContain('users2 rows');
  expect(await section().getByRole('alert').count()).toBe(0);
  // The list read again: the new firm is there, unverified, with its two members.
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${OWNER.lawFirm}`) }) });
  await row.getByText('Not verified').waitFor();
  await row.getByRole('cell', { name: '2', exact: true }).waitFor();
  await section().scrollIntoViewIfNeeded();
  await checkWidths('/admin/firms after an import', 'firm-import-result');

  // The owner has no password here: the operator makes them a one-time reset link, and it works.
  expect(await result.getByRole('button', { name: `Reset link for ${MEMBER.email}` }).count()).toBe(0);
  await result.getByRole('button', { name: `Reset link for ${OWNER.email}` }).click();
  const dialog = page.getByRole('dialog', { name: /^Password-reset link for / });
  await dialog.waitFor();
  const link = await dialog.getByLabel('Reset link').inputValue();
  expect(link).toMatch(/\/reset-password#.{20,}/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
});

test('the same archive again is refused: the server names the emails that have accounts here', async () => {
  expect(await importFile({ name: 'litstack-firm.zip', mimeType: 'application/zip', buffer: archive })).toBe(409);
  const alert = section().getByRole('alert');
  await alert.getByText(/These people already have an account on this install/).waitFor();
  const text = await alert.textContent();
  expect(text).toContain(OWNER.email);
  expect(text).toContain(MEMBER.email);
  // The earlier answer gives way to the refusal.
  expect(await section().getByRole('region').count()).toBe(0);
});

test('a file that is no zip gets the server’s message in an alert beside the form', async () => {
  const status = await importFile({
    name: 'notes.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('Just some notes, not an archive.\n'),
  });
  expect(status).toBe(400);
  const alert = section().getByRole('alert');
  await alert.getByText(/^This is not a Litstack firm archive: it is not a complete zip file/).waitFor();
  await section().getByRole('button', { name: 'Import firm' }).waitFor();
  await checkWidths('/admin/firms with a refused import', 'firm-import-refused');
});
