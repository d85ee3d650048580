import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { expectAccessible } from './support/accessible';
import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Vendor logos are copied and served by Litstack, so no firm's browser asks a vendor's server.
// A vendor's image server stands beside the real binary (a Node server on loopback, which the
// binary may fetch from with --fetch-private-hosts 127.0.0.1). Jo, who keeps Nolo's listing,
// finds no figures yet on her home and proposes a logo link through its form; the operator
// approves it on Manage Vendors, and Litstack copies the image then, once. A firm's Browse
// Vendors and Jo's home show the copy from /api/logos/, and the image server is asked nothing
// more. Last, the operator's edit dialog shows the served logo and removes it.

const PASSWORD = 'keep-the-listing-true-1';
/** A 1x1 indigo PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPwd3sKAAJiAXvBJn9xAAAAAElFTkSuQmCC', 'base64');
const NO_FIGURES =
  'No month has figures yet: a month shows once it has ended and 5 or more verified firms opened your profile or scheduler in it.';

let server: TestServer;
let operator: TestBrowser;
let jo: TestBrowser;
let imageServer: Server;
/** Every request the image server was sent: its path. */
const imageRequests: string[] = [];
let logoLink: string;
/** Requests any test browser made to the image server. */
const browserRequests: string[] = [];
let noloId: number;

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const figures = (page: Page) => page.getByRole('region', { name: "Your listing's figures" });

/** A browser kept offline but for Litstack, which notes any request it makes to the image server. */
async function newBrowser() {
  const browser = await launchBrowser({ baseURL: server.url });
  await browser.setWidth(1280);
  await browser.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.fulfill({ status: 404, body: '' }),
  );
  browser.context.on('request', (request) => {
    if (request.url().startsWith(new URL(logoLink).origin)) browserRequests.push(request.url());
  });
  return browser;
}

/** Waits until the image is loaded and drawn (not broken). */
const loaded = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const img = document.querySelector<HTMLImageElement>(s);
    return img !== null && img.complete && img.naturalWidth > 0;
  }, selector);

beforeAll(async () => {
  imageServer = createServer((req, res) => {
    imageRequests.push(req.url ?? '');
    if (req.url === '/logo.png') {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length });
      res.end(PNG);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  logoLink = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/logo.png`;

  server = await startServer({ args: ['--fetch-private-hosts', '127.0.0.1'] });
  operator = await newBrowser();
  await signUpAndOnboard(operator.page, 'ada@admin-law.test'); // the first account is the admin
  const found = (await (await operator.page.request.get('/api/vendors?q=nolo')).json()) as {
    items: { id: number; name: string; logoUrl: string | null }[];
  };
  const nolo = found.items.find((v) => v.name === 'Nolo');
  expect(nolo?.logoUrl ?? null).toBeNull();
  noloId = nolo!.id;

  // The operator invites Jo (this install sends no mail, so the link is answered), and Jo takes it up.
  const invited = await operator.page.request.post(`/api/admin/vendors/${noloId}/vendor-invitations`, { data: { email: 'jo@nolo.com' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = ((await invited.json()) as { link: string }).link.split('#')[1]!;
  jo = await newBrowser();
  const accepted = await jo.page.request.post('/api/vendor/links/accept', { data: { token, name: 'Jo Nolo', password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(201);
});

afterAll(async () => {
  for (const browser of [operator, jo]) await browser?.close();
  await server?.stop();
  await new Promise((resolve) => imageServer?.close(resolve));
});

describe('a vendor’s logo is copied once and served by Litstack', () => {
  test('Jo’s home says no month has figures yet, and the page passes axe at 1280 and 390 px', async () => {
    const page = jo.page;
    await page.goto('/vendor');
    await page.getByRole('heading', { name: 'Nolo', level: 1 }).waitFor();
    await figures(page).getByText(NO_FIGURES, { exact: true }).waitFor();
    expect(await figures(page).getByRole('table').count()).toBe(0);
    // The figures come after the listing and before the proposal form.
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.slice(0, 3)).toEqual(['Your listing as firms see it', "Your listing's figures", 'Propose a change']);
    await page.waitForLoadState('networkidle');
    await expectAccessible(jo, '/vendor with no figures yet');
    await jo.screenshotAtDesktopAndPhone('vendor-logos-home');
  });

  test('Jo proposes a logo link; the operator approves it and Litstack copies the image, once', async () => {
    const page = jo.page;
    const form = page.getByRole('form', { name: 'Propose a change' });
    const logo = form.getByLabel('Logo link');
    await logo.fill('ftp://nolo.com/logo.png');
    await form.getByRole('button', { name: 'Send for review' }).click();
    await form.getByText('Enter an address starting with http:// or https://, or leave it empty.', { exact: true }).waitFor();
    await logo.fill(logoLink);
    await form.getByRole('button', { name: 'Send for review' }).click();
    await form.getByRole('status').getByText('Sent for review', { exact: false }).waitFor();
    const open = page.getByRole('region', { name: 'Your proposals' }).getByRole('listitem').first();
    await open.getByText(`Logo: Not stated → ${logoLink}`).waitFor();
    // Proposed, not fetched: nothing asks the image server before the approval.
    expect(imageRequests).toEqual([]);

    const admin = operator.page;
    await admin.goto('/admin/vendors');
    const proposals = admin.getByRole('region', { name: 'Proposals from vendors' });
    const proposal = proposals.getByRole('list', { name: 'Open proposals' }).getByRole('article', { name: 'Nolo' });
    await proposal.getByRole('row', { name: /^Logo/ }).waitFor();
    expect(await proposal.getByRole('row', { name: /^Logo/ }).textContent()).toBe(`LogoNot stated${logoLink}`);
    expect(await proposal.getByRole('img').count()).toBe(0);
    await proposal.getByRole('button', { name: /^Approve all Nolo’s proposal of / }).click();
    await toast(admin, 'Nolo: proposal approved').waitFor();
    await proposals.getByText('No proposals are waiting.', { exact: true }).waitFor();
    expect(imageRequests).toEqual(['/logo.png']);

    const vendors = (await (await admin.request.get('/api/vendors?q=nolo')).json()) as { items: { id: number; logoUrl: string | null }[] };
    expect(vendors.items.find((v) => v.id === noloId)?.logoUrl).toMatch(new RegExp(`^/api/logos/${noloId}/[0-9a-f]{64}$`));
  });

  test('a firm’s Browse Vendors and Jo’s home show the copy, and the image server is asked nothing more', async () => {
    const firm = await newBrowser();
    try {
      const page = firm.page;
      await signUpAndOnboard(page, 'pat@doe-injury.test');
      await page.goto('/vendors?q=nolo');
      const card = page.getByRole('article', { name: 'Nolo', exact: true });
      const img = card.getByRole('img', { name: 'Nolo logo' });
      await img.waitFor();
      expect(await img.getAttribute('src')).toMatch(new RegExp(`^/api/logos/${noloId}/[0-9a-f]{64}$`));
      await loaded(page, `img[alt="Nolo logo"][src^="/api/logos/"]`);
      await firm.screenshot('vendor-logos-browse-vendors-1280', { fullPage: false });
    } finally {
      await firm.close();
    }

    const page = jo.page;
    await page.reload();
    const listing = page.getByRole('region', { name: 'Your listing as firms see it' });
    expect(await listing.getByRole('img', { name: 'Nolo logo' }).getAttribute('src')).toMatch(/^\/api\/logos\//);
    await loaded(page, `img[alt="Nolo logo"][src^="/api/logos/"]`);
    await page.waitForLoadState('networkidle');
    await expectAccessible(jo, '/vendor with the logo');
    await jo.screenshotAtDesktopAndPhone('vendor-logos-home-logo');

    expect(imageRequests).toEqual(['/logo.png']);
    expect(browserRequests).toEqual([]);
  });

  test('the operator’s edit dialog shows the served logo, keeps it when left alone, and removes it', async () => {
    const page = operator.page;
    await page.goto('/admin/vendors');
    await page.getByLabel('Search vendors').fill('nolo');
    await page.getByRole('button', { name: 'Edit Nolo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Nolo' });
    await dialog.getByRole('img', { name: 'Nolo logo' }).waitFor();
    await loaded(page, `[role="dialog"] img[alt="Nolo logo"]`);
    expect(await dialog.getByLabel('Logo URL').inputValue()).toBe('');
    await dialog.getByText('Litstack serves a copy of this logo. Enter a new http(s) address to replace it.', { exact: true }).waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await operator.screenshotAtDesktopAndPhone('vendor-logos-edit', { fullPage: false });

    // Saved with the field left empty: the copy stays.
    await dialog.getByRole('checkbox', { name: /Recommended partner/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Nolo was updated.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const logoOf = async () =>
      ((await (await page.request.get('/api/vendors?q=nolo')).json()) as { items: { id: number; logoUrl: string | null }[] }).items.find(
        (v) => v.id === noloId,
      )?.logoUrl;
    expect(await logoOf()).toMatch(/^\/api\/logos\//);

    await page.getByRole('button', { name: 'Edit Nolo' }).click();
    await dialog.getByLabel('Remove the logo').check();
    expect(await dialog.getByLabel('Logo URL').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(logoOf).toBeNull();
    expect(imageRequests).toEqual(['/logo.png']);
  });
});
