import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// An administrator gives a vendor a partner level on /admin/vendors and the directory shows it;
// everyone else gets neither the sidebar entry nor the screen.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const sidebar = () => page.getByRole('navigation', { name: 'Main' });
const vendorCard = (name: string) => page.getByRole('article', { name, exact: true });

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
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Manage Vendors', () => {
  test('an admin makes a vendor a Gold partner and its card shows the badge', async () => {
    await page.goto('/vendors?q=avvo');
    await vendorCard('Avvo').waitFor();
    expect(await vendorCard('Avvo').getByText('Gold Partner').count()).toBe(0);

    await sidebar().getByRole('link', { name: 'Manage Vendors' }).click();
    await page.getByRole('heading', { name: 'Manage Vendors', level: 1 }).waitFor();
    await page.getByLabel('Search vendors').fill('avvo');
    const edit = page.getByRole('button', { name: 'Edit Avvo' });
    await page.getByText('1 vendor', { exact: true }).waitFor();
    await browser.setWidth(1280);
    await browser.screenshot('admin-vendors-1280');
    await edit.click();

    const dialog = page.getByRole('dialog', { name: 'Edit Avvo' });
    await dialog.getByLabel('Partner level').selectOption('Gold');
    await dialog.getByLabel(/Recommended partner/).check();
    await dialog.getByLabel('Booking URL').fill('https://www.avvo.com/for-lawyers');
    await browser.screenshot('admin-vendors-edit-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Avvo was updated.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Avvo/ });
    await row.getByText('Gold').waitFor();

    await page.goto('/vendors?q=avvo');
    const card = vendorCard('Avvo');
    await card.getByText('Gold Partner').waitFor();
    await card.getByRole('button', { name: 'Schedule Meeting' }).waitFor();
    expect(await card.getByRole('button', { name: 'Schedule Meeting' }).isEnabled()).toBe(true);
    // The badge itself opens the disclosure.
    await card.getByRole('button', { name: /Gold Partner/ }).click();
    const disclosure = page.getByRole('dialog', { name: 'What does Partner mean?' });
    await disclosure.getByText(/Only your administrator sets partner status/).waitFor();
    await browser.screenshot('admin-vendors-badge-disclosure-1280', { fullPage: false });
    await disclosure.getByRole('button', { name: 'Got it' }).click();
    await browser.setWidth(390);
    await browser.screenshot('vendors-gold-partner-390', { fullPage: false });
    await browser.setWidth(1280);

    // Partners First now has a partner to put first.
    await page.goto('/vendors?sort=partner_first');
    await page.getByText(/Partners First: partner order/).waitFor();
    expect(await page.getByRole('list', { name: 'Vendors' }).getByRole('heading', { level: 3 }).first().textContent()).toBe('Avvo');
  });

  test('a vendor imported with sourceUrl and verifiedOn: its booking link names that page, its other facts the administrator', async () => {
    const csv =
      'name,category,websiteUrl,bookingUrl,priceBracket,sourceUrl,verifiedOn\n' +
      'Qwzx Verified,Intake,https://qwzx.example.com,https://qwzx.example.com/demo,2,https://qwzx.example.com/about,2026-11-22\n' +
      'Qwzx Misdated,Intake,https://qwzx2.example.com,,,,22/11/2026\n';
    const res = await page.request.post('/api/admin/demo-bookings/import', {
      multipart: { file: { name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    const report = await res.json();
    expect(report.inserted).toBe(1);
    expect(report.errors).toEqual(['Row 3: verifiedOn must be a date like 2026-11-22']);
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

    await page.goto('/vendors?q=qwzx');
    const card = vendorCard('Qwzx Verified');
    await card.getByText('Checked on qwzx.example.com, Nov 2026').waitFor();
    expect(await card.getByRole('link', { name: 'Source of the booking link' }).getAttribute('href')).toBe(
      'https://qwzx.example.com/about',
    );
    // The bracket came in the administrator's file: not an estimate, and not the page's.
    await card.getByText(`Added by your administrator on ${today}`).waitFor();
    expect(await card.getByText(/^Verified|Litstack’s estimate/).count()).toBe(0);
    await browser.screenshot('vendors-verified-1280', { fullPage: false });
    await browser.setWidth(390);
    await card.scrollIntoViewIfNeeded();
    await browser.screenshot('vendors-verified-390', { fullPage: false });
    await browser.setWidth(1280);
  });

  test('a vendor file with only the spec’s columns imports, and its link says the administrator added it', async () => {
    const csv =
      'name,category,websiteUrl,bookingUrl\nQwzx Spec Co,Intake,https://qwzx-spec.example.com,https://qwzx-spec.example.com/demo\n';
    const res = await page.request.post('/api/admin/demo-bookings/import', {
      multipart: { file: { name: 'our-vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    const report = await res.json();
    expect(report).toMatchObject({ inserted: 1, errors: [] });
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

    await page.goto('/vendors?q=qwzx%20spec');
    const card = vendorCard('Qwzx Spec Co');
    await card.getByText(`Added by your administrator on ${today}`).waitFor();
    expect(await card.getByText(/^Verified/).count()).toBe(0);
    await browser.screenshot('vendors-added-by-administrator-1280', { fullPage: false });
    await card.getByRole('heading').getByRole('link').click();
    await page.getByText(`Added by your administrator on ${today}`).first().waitFor();
    await browser.setWidth(390);
    await browser.screenshot('vendor-profile-added-by-administrator-390', { fullPage: false });
    await browser.setWidth(1280);
  });

  test('the operator states that a vendor signs a BAA: Browse finds it, credited to the administrator', async () => {
    await page.goto('/vendors?security=baa');
    await page.getByRole('heading', { name: 'Browse Vendors', level: 1 }).waitFor();
    await vendorCard('EvenUp').waitFor();
    expect(await vendorCard('Nolo').count()).toBe(0);

    await page.goto('/admin/vendors');
    await page.getByLabel('Search vendors').fill('nolo');
    await page.getByRole('button', { name: 'Edit Nolo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Nolo' });
    const baa = dialog.getByLabel('Signs a BAA');
    expect(await baa.inputValue()).toBe('');
    await baa.selectOption('yes');
    await dialog.getByLabel('SOC 2').selectOption('Type II');
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await browser.screenshot('admin-vendors-security-1280', { fullPage: false });
    await browser.setWidth(390);
    await dialog.getByRole('group', { name: 'Security facts' }).scrollIntoViewIfNeeded();
    await browser.screenshot('admin-vendors-security-390', { fullPage: false });
    await browser.setWidth(1280);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nolo was updated.', { exact: true }).waitFor();

    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    await page.goto('/vendors?security=baa,soc2');
    const card = vendorCard('Nolo');
    await card.getByText('Signs a BAA').waitFor();
    await card.getByText('SOC 2 Type II').waitFor();
    expect(await card.getByText(`Added by your administrator on ${today}`).count()).toBeGreaterThan(0);

    // Back to "Not stated": gone from the filtered directory.
    await page.goto('/admin/vendors');
    await page.getByLabel('Search vendors').fill('nolo');
    await page.getByRole('button', { name: 'Edit Nolo' }).click();
    await dialog.getByLabel('Signs a BAA').selectOption('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nolo was updated.', { exact: true }).waitFor();
    await page.goto('/vendors?security=baa');
    await vendorCard('EvenUp').waitFor();
    expect(await vendorCard('Nolo').count()).toBe(0);
  });

  test('a link that is not a web address is refused in the dialog and nothing is saved', async () => {
    await page.goto('/admin/vendors');
    await page.getByLabel('Search vendors').fill('nolo');
    await page.getByRole('button', { name: 'Edit Nolo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Nolo' });
    await dialog.getByLabel('Logo URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter an address starting with http:// or https://, or leave it empty.').first().waitFor();
    // The server's own check, for an address the form lets through.
    await dialog.getByLabel('Logo URL').fill('https://nolo');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText('logoUrl: "https://nolo" has no valid host name').waitFor();
    await browser.setWidth(390);
    await browser.screenshot('admin-vendors-edit-error-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await browser.screenshot('admin-vendors-390');
    await browser.setWidth(1280);
    const res = await page.request.get('/api/vendors?q=nolo');
    expect((await res.json()).items[0].logoUrl).toBeNull();
  });

  test('the operator merges a duplicate into the vendor it duplicates and deletes one nothing refers to', async () => {
    const csv =
      'name,category,websiteUrl,bookingUrl,sourceUrl,verifiedOn\n' +
      'Zz Dupe Co,Intake,https://dupe.example.com,,,\n' +
      'Zz Kept Co,Intake,https://kept.example.com,https://kept.example.com/demo,https://kept.example.com/about,2026-11-20\n' +
      'Zz Spare Co,Intake,https://spare.example.com,,,\n';
    const res = await page.request.post('/api/admin/demo-bookings/import', {
      multipart: { file: { name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect((await res.json()).inserted).toBe(3);
    const ids = (await (await page.request.get('/api/vendors?q=zz')).json()).items as Array<{ id: number; name: string }>;
    const id = (name: string) => ids.find((v) => v.name === name)!.id;
    // The duplicate is on the firm's shortlist, so it cannot simply be deleted.
    expect((await page.request.put(`/api/shortlist/${id('Zz Dupe Co')}`, { data: { note: 'Asked for pricing' } })).ok()).toBe(true);

    await page.goto('/admin/vendors');
    await page.getByText(/vendors have no booking link yet and are listed first/).waitFor();
    await page.getByLabel('Search vendors').fill('zz');
    await page.getByText('3 vendors', { exact: true }).waitFor();
    const names = await page.getByRole('rowheader').evaluateAll((cells) => cells.map((c) => c.querySelector('span')?.textContent));
    expect(names).toEqual(['Zz Dupe Co', 'Zz Spare Co', 'Zz Kept Co']);
    await browser.screenshot('admin-vendors-no-link-first-1280', { fullPage: false });

    // Delete is refused with the server's reason.
    await page.getByRole('button', { name: 'Edit Zz Dupe Co' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Zz Dupe Co' });
    await editor.getByRole('button', { name: 'Merge into…' }).waitFor();
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await browser.screenshot('admin-vendors-editor-1280', { fullPage: false });
    await browser.setWidth(390);
    await browser.screenshot('admin-vendors-editor-390', { fullPage: false });
    await browser.setWidth(1280);
    await editor.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Zz Dupe Co?' });
    await confirm.getByRole('button', { name: 'Delete vendor' }).click();
    await confirm
      .getByRole('alert')
      .getByText(/^Zz Dupe Co cannot be deleted while anything refers to it: 1 shortlist entry\./)
      .waitFor();
    await browser.screenshot('admin-vendors-delete-refused-1280', { fullPage: false });

    // Merge it into the vendor it duplicates, from the keyboard.
    await confirm.getByRole('button', { name: 'Back' }).click();
    await editor.getByRole('button', { name: 'Merge into…' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge Zz Dupe Co into…' });
    const choice = merge.getByLabel('Keep this vendor instead of Zz Dupe Co');
    await choice.selectOption({ label: 'Zz Kept Co' });
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await browser.setWidth(390);
    await browser.screenshot('admin-vendors-merge-390', { fullPage: false });
    await browser.setWidth(1280);
    await merge.getByRole('button', { name: 'Merge', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Zz Dupe Co was merged into Zz Kept Co.', { exact: true }).waitFor();
    await merge.waitFor({ state: 'detached' });
    await page.getByText('2 vendors', { exact: true }).waitFor();
    const shortlist = JSON.stringify(await (await page.request.get('/api/shortlist')).json());
    expect(shortlist).toContain('Zz Kept Co');
    expect(shortlist).toContain('Asked for pricing');
    expect(shortlist).not.toContain('Zz Dupe Co');

    // A vendor nothing refers to is deleted.
    await page.getByRole('button', { name: 'Edit Zz Spare Co' }).click();
    await page.getByRole('dialog', { name: 'Edit Zz Spare Co' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Zz Spare Co?' }).getByRole('button', { name: 'Delete vendor' }).click();
    await page.getByText('Zz Spare Co is gone from the directory.', { exact: true }).waitFor();
    await page.getByText('1 vendor', { exact: true }).waitFor();
    expect((await (await page.request.get('/api/vendors?q=zz')).json()).total).toBe(1);
  });

  test('a non-admin sees no Manage Vendors entry and is told the screen is not for them', async () => {
    expect((await page.request.post('/api/auth/sign-out')).ok()).toBe(true);
    await signUpAndOnboard(page, 'pat@doe-injury.test');
    await page.goto('/admin/vendors');
    await page.getByRole('heading', { name: 'Admin access required' }).waitFor();
    expect(await sidebar().getByRole('link', { name: 'Manage Vendors' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await browser.screenshot('admin-vendors-not-allowed-1280', { fullPage: false });
    const res = await page.request.patch('/api/admin/vendors/1', { data: { partnerLevel: null } });
    expect(res.status()).toBe(403);
  });
});
