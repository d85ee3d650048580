import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, webDir, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';
import { closeToasts } from './support/toasts';

// One signed catalog that installs share, told on two data directories: a publisher (the hub,
// driven through the binary's `catalog` and `import` commands) signs its catalog into a file,
// and the install under test follows it from Manage Vendors: the operator saves the file's path
// and the publisher's key, pulls, resolves a booking link changed on both sides, and sees a
// tampered copy of the file refused with nothing applied.

const run = promisify(execFile);
const binary = path.resolve(webDir, process.env.LITSTACK_BIN ?? '../target/debug/litstack');
const FEED = 'litstack-main';
const OUR_LINK = 'https://www.evenuplaw.com/demo-for-our-firm';
const HUB_LINK = 'https://www.evenuplaw.com/hub-demo';

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let workDir: string;
let keyFile: string;
let feedFile: string;
/** The server's data directory: the one place its screen may read a feed file from. */
let serverData: string;
let publisherDir: string;
let publicKey: string;

/** Runs `litstack ARGS`, answering what it printed on stdout. */
async function litstack(...args: string[]): Promise<string> {
  const { stdout } = await run(binary, args, { env: { ...process.env, RUST_LOG: 'warn' } });
  return stdout;
}

/** The publisher signs the next version of its catalog into the feed file. */
const publish = () => litstack('catalog', 'publish', '--key', keyFile, '--out', feedFile, '--feed', FEED, '--data-dir', publisherDir);

const panel = () => page.getByRole('region', { name: 'Shared catalog' });
const settings = () => panel().getByRole('form', { name: 'Shared catalog settings' });
const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** Screenshots of the page as it is, the toast closed: at 1280 px and at the phone, tablet and desktop widths. */
async function screenshots(name: string) {
  await closeToasts(page);
  await browser.setWidth(1280);
  await browser.screenshot(`${name}-1280`);
  await browser.screenshotAtWidths(name);
}

/** No axe violation at desktop and phone widths. */
async function expectAccessible(what: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(1280);
}

/** Manage Vendors with the table cut down to EvenUp, so the shared catalog is in view. */
async function openManageVendors() {
  await page.goto('/admin/vendors');
  await page.getByRole('heading', { name: 'Manage Vendors', level: 1 }).waitFor();
  await page.getByLabel('Search vendors').fill('evenup');
  await page.getByText('1 vendor', { exact: true }).waitFor();
  await settings().waitFor();
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'litstack-e2e-feed-'));
  keyFile = path.join(workDir, 'hub.key');
  serverData = await makeDataDir();
  feedFile = path.join(serverData, 'litstack-main.json');
  publisherDir = path.join(workDir, 'publisher-data');
  const keygen = await litstack('catalog', 'keygen', '--out', keyFile);
  publicKey = keygen.trim().split('\n').at(-1)!.trim();
  expect(publicKey).toMatch(/^ed25519:[0-9a-f]{64}$/);
  expect(await publish()).toContain(`Published version 1 of "${FEED}"`);

  server = await startServer({ dataDir: serverData });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  // Offline: vendor pages and icon services answer locally.
  await browser.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.fulfill({ status: 404, body: '' }),
  );
  await page.goto('/auth/sign-in');
  await signUpAndOnboard(page, 'ada@admin-law.test'); // the first account is the admin
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  if (serverData) await removeDataDir(serverData);
});

describe('Shared catalog on Manage Vendors', () => {
  test('the operator follows the hub’s signed catalog: source and key saved, pulled, and what was applied is said', async () => {
    await openManageVendors();
    await panel()
      .getByText(/Another Litstack install \(a hub\) can publish its vendor catalog as a signed file/)
      .waitFor();
    expect(await settings().getByRole('button', { name: 'Pull now' }).isDisabled()).toBe(true);
    await expectAccessible('the shared catalog, nothing followed');
    await screenshots('catalog-feed-empty');

    // The form checks the key before the server does.
    await settings().getByLabel('Feed source').fill(feedFile);
    await settings().getByLabel('Publisher’s public key').fill('ed25519:abc');
    await settings().getByRole('button', { name: 'Save' }).click();
    await settings()
      .getByText(/^The public key is “ed25519:” followed by 64 hexadecimal digits/)
      .waitFor();
    await expectAccessible('the shared catalog form with an error');

    await settings().getByLabel('Publisher’s public key').fill(publicKey);
    await settings().getByRole('button', { name: 'Save' }).click();
    await settings().getByText('Saved.', { exact: true }).waitFor();
    const pullNow = settings().getByRole('button', { name: 'Pull now' });
    expect(await pullNow.isEnabled()).toBe(true);
    await pullNow.click();

    const applied = `Applied version 1 of "${FEED}": 0 vendors added, 0 updated.`;
    await toast(applied).waitFor();
    await panel()
      .getByText(/^Following/)
      .waitFor();
    const published = /published (\w{3} \d{1,2}, \d{4}), applied (\w{3} \d{1,2}, \d{4})\.$/;
    expect(
      await panel()
        .getByText(/^Following/)
        .textContent(),
    ).toMatch(new RegExp(`^Following “${FEED}”, version 1, ${published.source}`));
    expect(
      await panel()
        .getByText(/^Last pull, /)
        .textContent(),
    ).toContain(applied);
    expect(
      await panel()
        .getByText(/can publish its vendor catalog/)
        .count(),
    ).toBe(0);
    expect(
      await panel()
        .getByText(/expired on/)
        .count(),
    ).toBe(0);
    expect(await panel().getByRole('alert').count()).toBe(0);
    await expectAccessible('the shared catalog, version 1 applied');
    await screenshots('catalog-feed-applied');
  });

  test('a booking link changed here and in the feed is listed until the operator takes the feed’s', async () => {
    await openManageVendors();
    // Here: the administrator gives EvenUp a booking link of their own.
    await page.getByRole('button', { name: 'Edit EvenUp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit EvenUp' });
    await dialog.getByLabel('Booking URL').fill(OUR_LINK);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('EvenUp was updated.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // At the hub: the publisher gives EvenUp another one (its shipped row, with the link), and
    // signs version 2.
    const shipped = await readFile(path.join(webDir, '..', 'data', 'vendors.csv'), 'utf8');
    const [header] = shipped.split('\n');
    const evenUp = shipped.split('\n').find((line) => line.startsWith('43,EvenUp,Demands & Medical Review,'));
    expect(evenUp, 'data/vendors.csv has EvenUp as vendor 43, without a booking link').toContain('https://www.evenuplaw.com/,,');
    const csv = path.join(workDir, 'hub-vendors.csv');
    await writeFile(csv, `${header}\n${evenUp!.replace('https://www.evenuplaw.com/,,', `https://www.evenuplaw.com/,${HUB_LINK},`)}\n`);
    expect(await litstack('import', 'vendors', csv, '--data-dir', publisherDir)).toContain('0 inserted, 1 updated');
    expect(await publish()).toContain(`Published version 2 of "${FEED}"`);

    // The operator pulls from the keyboard.
    await settings().getByRole('button', { name: 'Pull now' }).focus();
    await page.keyboard.press('Enter');
    await toast(
      `Applied version 2 of "${FEED}": 0 vendors added, 0 updated. 1 fact changed both here and in the feed: choose which to keep on Manage Vendors.`,
    ).waitFor();
    await panel()
      .getByText(new RegExp(`^Following “${FEED}”, version 2,`))
      .waitFor();
    const choices = panel().getByRole('list', { name: 'Changed here and in the feed' });
    const choice = choices.getByRole('listitem');
    expect(await choice.count()).toBe(1);
    expect(await choice.textContent()).toContain('EvenUp');
    await choice.getByText('Booking link', { exact: true }).waitFor();
    await choice.getByText(OUR_LINK, { exact: true }).waitFor();
    await choice.getByText(HUB_LINK, { exact: true }).waitFor();
    // Meanwhile the link set here serves, credited to this install's administrator.
    await page
      .getByRole('row', { name: /EvenUp/ })
      .getByText(OUR_LINK, { exact: true })
      .waitFor();
    await page
      .getByRole('row', { name: /EvenUp/ })
      .getByText(/^Added by your administrator on /)
      .waitFor();
    await expectAccessible('the shared catalog with a choice open');
    await screenshots('catalog-feed-choice');

    const useFeeds = choice.getByRole('button', { name: 'Use the feed’s for EvenUp: Booking link' });
    expect(await choice.getByRole('button', { name: 'Keep ours for EvenUp: Booking link' }).count()).toBe(1);
    await useFeeds.focus();
    await page.keyboard.press('Enter');
    await toast('The feed’s value is kept.').waitFor();
    await choices.waitFor({ state: 'detached' });
    // The keyboard focus is not lost with the button: it lands on what the section now says.
    const done = panel().getByText('Every fact changed here and in the feed has the value you chose.');
    await done.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Every fact changed here'));
    await page
      .getByRole('row', { name: /EvenUp/ })
      .getByText(HUB_LINK, { exact: true })
      .waitFor();
    // Now with the provenance the feed gave it: the hub's file checked it against its row's page
    // (a vendor file's rule for a link without a page of its own).
    const provenance = page.getByRole('row', { name: /EvenUp/ }).getByText(/^Checked on evenuplaw\.com, /);
    await provenance.waitFor();
    const vendors = (await (await page.request.get('/api/vendors?q=evenup')).json()) as { items: { name: string; bookingUrl: string }[] };
    expect(vendors.items.find((v) => v.name === 'EvenUp')?.bookingUrl).toBe(HUB_LINK);
    const status = (await (await page.request.get('/api/admin/catalog-feed')).json()) as { choices: unknown[] };
    expect(status.choices).toEqual([]);
  });

  test('a copy of the feed changed after it was signed is refused, and nothing is applied', async () => {
    const signed = await readFile(feedFile, 'utf8');
    expect(signed).toContain('\\"name\\":\\"EvenUp\\"');
    const tampered = path.join(serverData, 'tampered.json');
    await writeFile(tampered, signed.replace('\\"name\\":\\"EvenUp\\"', '\\"name\\":\\"EvenUq\\"'));

    await openManageVendors();
    await settings().getByLabel('Feed source').fill(tampered);
    await settings().getByRole('button', { name: 'Save' }).click();
    await settings().getByText('Saved.', { exact: true }).waitFor();
    await settings().getByRole('button', { name: 'Pull now' }).click();

    const refusal = panel().getByRole('alert');
    await refusal.getByText(/changed after it was signed/).waitFor();
    expect(await refusal.count()).toBe(1);
    expect(await refusal.textContent()).toMatch(
      /^The last pull, .+, failed\. The signature of key \w+ does not match the file: .+Nothing was applied\.$/,
    );
    // Still version 2, and EvenUp is still EvenUp.
    await panel()
      .getByText(new RegExp(`^Following “${FEED}”, version 2,`))
      .waitFor();
    await page.getByRole('row', { name: /EvenUp/ }).waitFor();
    expect((await (await page.request.get('/api/vendors?q=evenuq')).json()).total).toBe(0);
    await expectAccessible('the shared catalog after a refused pull');
    await screenshots('catalog-feed-refused');
  });
});
