import { readFile } from 'node:fs/promises';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';
import { totp } from './support/totp';

// The install's backup: the operator presses "Download backup" on /admin/firms and the browser
// saves the whole database under the server's name (litstack-backup-<day>-<time>.redb), which
// the operator's audit log records. No GET answers it (no link downloads it). With two-step
// sign-in on, the operator is asked for a code, as an owner is for the firm's export: none gets
// the server's message, a right one downloads. axe and screenshots at 1280 and 390.

const OPERATOR = { email: 'pat@doe-injury.test', password: 'browse-the-directory-1' };
const FILE_NAME = /^litstack-backup-\d{8}-\d{6}\.redb$/;

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
  // The install's first account: its operator.
  await signUpAndOnboard(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await removeDataDir(dataDir);
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
  return page.getByRole('region', { name: 'Backup' });
}

/** Presses "Download backup" and answers the saved file's name and bytes. */
async function downloadAndSave(): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), section().getByRole('button', { name: 'Download backup' }).click()]);
  const name = download.suggestedFilename();
  const bytes = await readFile((await download.path())!);
  return { name, bytes };
}

test('the operator downloads the whole database as one file, and the audit log records it', async () => {
  await page.goto('/admin/firms');
  const backup = section();
  await backup.getByText('sign-in secrets included').waitFor();
  // No second factor yet: nothing to type.
  expect(await backup.getByRole('textbox').count()).toBe(0);

  const { name, bytes } = await downloadAndSave();
  expect(name).toMatch(FILE_NAME);
  // A redb file starts with its magic number.
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('redb');
  await backup.getByText(`Downloaded ${name}.`).waitFor();
  expect(await backup.getByRole('alert').count()).toBe(0);
  await backup.scrollIntoViewIfNeeded();
  await checkWidths('the Firms page after a backup', 'admin-backup');

  const audit = (await (await page.request.get('/api/firm/audit')).json()) as { items: { action: string; detail: string }[] };
  expect(audit.items.some((item) => item.action === 'backup_downloaded' && item.detail.startsWith('Pat Doe downloaded a backup'))).toBe(
    true,
  );
});

test('no GET answers the backup, so no link or typed address downloads it', async () => {
  const res = await page.request.get('/api/admin/backup');
  expect(res.status()).toBe(405);
});

test('with two-step sign-in on, the operator gives a code: none gets the server’s message, a right one downloads', async () => {
  await browser.context.clearCookies();
  const signedIn = await page.request.post('/api/auth/sign-in', { data: OPERATOR });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const setup = await page.request.post('/api/auth/mfa/totp/setup', { data: {} });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await page.request.post('/api/auth/mfa/totp/confirm', { data: { code: totp(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto('/admin/firms');
  const backup = section();
  const field = backup.getByLabel('Code from your authenticator app');
  await field.waitFor();
  expect(await field.getAttribute('autocomplete')).toBe('one-time-code');

  // No code: the server says what it needs.
  await backup.getByRole('button', { name: 'Download backup' }).click();
  await backup.getByRole('alert').getByText('Enter a current code from your authenticator app (or a recovery code).').waitFor();
  await backup.scrollIntoViewIfNeeded();
  await checkWidths('the backup asking for a code', 'admin-backup-code');

  // The code of the next step: the one that confirmed the setup was used.
  await field.fill(totp(secret, 1));
  const { name, bytes } = await downloadAndSave();
  expect(name).toMatch(FILE_NAME);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('redb');
  await backup.getByText(`Downloaded ${name}.`).waitFor();
  expect(await backup.getByRole('alert').count()).toBe(0);
  expect(await field.inputValue()).toBe('');
});
