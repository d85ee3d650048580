import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, type TestServer } from './support/server';
import { addAToolToTheStack, inviteAndJoin, signUpAndOnboard } from './support/session';
import { totp } from './support/totp';

// A firm takes its data: the owner presses "Export firm data" on the Firm page and the browser
// saves one zip under the server's name (litstack-firm-<id>-<day>.zip), which the audit log
// records; an admin of the same firm sees no such section (and the server refuses them). With
// two-step sign-in on, the owner is asked for a code: none gets the server's message, a right one
// downloads. axe and screenshots at 1280 and 390.

const OWNER = { email: 'pat@doe-injury.test', password: 'browse-the-directory-1' };
const ADMIN = { name: 'Ada Admin', email: 'ada@doe-injury.test', password: 'admin-of-the-firm-1', role: 'admin' as const };
const FILE_NAME = /^litstack-firm-\d+-\d{4}-\d{2}-\d{2}\.zip$/;

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
  await signUpAndOnboard(page);
  // Something of the firm's own to take along.
  await addAToolToTheStack(page);
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
  return page.getByRole('region', { name: 'Your firm’s data' });
}

/** Presses "Export firm data" and answers the saved file's name and bytes. */
async function exportAndSave(): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section().getByRole('button', { name: 'Export firm data' }).click(),
  ]);
  const name = download.suggestedFilename();
  const bytes = await readFile((await download.path())!);
  return { name, bytes };
}

async function signIn(who: { email: string; password: string }) {
  await browser.context.clearCookies();
  const signedIn = await page.request.post('/api/auth/sign-in', { data: { email: who.email, password: who.password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

test('the owner downloads everything the firm holds as one zip, and the audit log records it', async () => {
  await page.goto('/firm');
  const data = section();
  await data.getByText('Passwords and sign-in secrets are never in it.').waitFor();
  // No second factor yet: nothing to type.
  expect(await data.getByRole('textbox').count()).toBe(0);

  const { name, bytes } = await exportAndSave();
  expect(name).toMatch(FILE_NAME);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // Zip entries name their files in the clear.
  expect(bytes.includes('manifest.json')).toBe(true);
  expect(bytes.includes('people.csv')).toBe(true);
  // Opened as a person would: the README says what the archive holds, and each spreadsheet for
  // people is a header row and rows that Python's csv module reads (issue 78).
  const saved = path.join(await mkdtemp(path.join(tmpdir(), 'litstack-archive-')), name);
  await writeFile(saved, bytes);
  const read = JSON.parse(
    execFileSync('python3', [
      '-c',
      [
        'import csv, io, json, sys, zipfile',
        'z = zipfile.ZipFile(sys.argv[1])',
        'sheets = {n: list(csv.reader(io.StringIO(z.read(n).decode()))) for n in z.namelist() if n.endswith(".csv")}',
        'print(json.dumps({"readme": z.read("README.txt").decode(), "sheets": sheets}))',
      ].join('\n'),
      saved,
    ]).toString(),
  ) as { readme: string; sheets: Record<string, string[][]> };
  expect(read.readme).toMatch(/^Litstack archive of /);
  expect(Object.keys(read.sheets).sort()).toEqual([
    'for-people/audit-log.csv',
    'for-people/contracts.csv',
    'for-people/decisions.csv',
    'for-people/dismissals.csv',
    'for-people/shortlist.csv',
    'for-people/tech-stack.csv',
    'people.csv',
  ]);
  for (const [file, rows] of Object.entries(read.sheets)) {
    expect(read.readme.includes(file), file).toBe(true);
    expect(rows[0]![0], file).toMatch(/^[A-Z]/);
  }
  expect(read.sheets['people.csv']![1]).toContain('Pat Doe');
  expect(read.sheets['for-people/audit-log.csv']![0]).toEqual(['At', 'Who', 'What', 'Detail']);
  await data.getByText(`Downloaded ${name}.`).waitFor();
  expect(await data.getByRole('alert').count()).toBe(0);
  await data.scrollIntoViewIfNeeded();
  await checkWidths('the Firm page after an export', 'firm-export');

  const audit = (await (await page.request.get('/api/firm/audit')).json()) as { items: { detail: string }[] };
  expect(audit.items.some((item) => item.detail.startsWith("Pat Doe exported all of the firm's data"))).toBe(true);
});

test('an admin of the firm sees no export (and the server refuses one)', async () => {
  await inviteAndJoin(page, ADMIN);
  await page.goto('/firm');
  await page.getByRole('region', { name: 'Firm details' }).waitFor();
  await page.getByRole('form', { name: 'Invite a person' }).waitFor();
  expect(await section().count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Export firm data' }).count()).toBe(0);

  const refused = await page.request.post('/api/firm/export', { data: { code: null } });
  expect(refused.status()).toBe(403);
});

test('with two-step sign-in on, the owner gives a code: none gets the server’s message, a right one downloads', async () => {
  await signIn(OWNER);
  const setup = await page.request.post('/api/auth/mfa/totp/setup', { data: {} });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await page.request.post('/api/auth/mfa/totp/confirm', { data: { code: totp(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto('/firm');
  const data = section();
  const field = data.getByLabel('Code from your authenticator app');
  await field.waitFor();
  expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await field.getAttribute('inputmode')).toBeNull();

  // No code: the server says what it needs.
  await data.getByRole('button', { name: 'Export firm data' }).click();
  await data.getByRole('alert').getByText('Enter a current code from your authenticator app (or a recovery code).').waitFor();
  await data.scrollIntoViewIfNeeded();
  await checkWidths('the export asking for a code', 'firm-export-code');

  // The code of the next step: the one that confirmed the setup was used.
  await field.fill(totp(secret, 1));
  const { name, bytes } = await exportAndSave();
  expect(name).toMatch(FILE_NAME);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await data.getByText(`Downloaded ${name}.`).waitFor();
  expect(await data.getByRole('alert').count()).toBe(0);
  expect(await field.inputValue()).toBe('');
});
