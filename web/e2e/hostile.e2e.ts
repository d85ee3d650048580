import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Hostile vendor data through the real admin import, then the real directory page: markup in a
// vendor's name, description and highlights is shown as text, nothing runs, no dialog opens, and
// links that are not plain http(s) never get in.

const NAME = '<img src=x onerror=alert(1)>';
const DESCRIPTION = '<script>alert(2)</script>';
const HIGHLIGHT = '<svg onload=alert(3)>';
const CSV = [
  'name,category,websiteUrl,bookingUrl,description,shortHighlights,sourceUrl,verifiedOn',
  `"${NAME}",Intake,https://xss-vendor.example/,https://xss-vendor.example/book,"${DESCRIPTION}","${HIGHLIGHT};<b>bold?</b>",https://xss-vendor.example/about,2026-11-20`,
  '"Evil Link Vendor",Intake,javascript:alert(document.cookie),https://evil.example/book,,',
  '"Evil Booking Vendor",Intake,https://evil.example/,"\tJaVaScRiPt:alert(4)",,',
  '"Evil Data Vendor",Intake,"data:text/html,<script>alert(5)</script>",,,',
  '"Evil Relative Vendor",Intake,//evil.example/x,,,',
].join('\n');

let server: TestServer;
let browser: TestBrowser;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // Offline: nothing outside our own server answers.
  await browser.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('internetdisconnected'),
  );
  await page.goto('/auth/sign-in');
  // The first account is the administrator, who may import.
  await signUpAndOnboard(page, 'admin@hostile-input.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Hostile vendor data', () => {
  test('the import takes the markup as a name and refuses every link that is not http(s)', async () => {
    const report = await page.evaluate(async (csv) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'vendors.csv');
      const res = await fetch('/api/admin/demo-bookings/import', { method: 'POST', body: form });
      return { status: res.status, body: (await res.json()) as { kind: string; inserted: number; errors: string[] } };
    }, CSV);
    expect(report.status).toBe(200);
    expect(report.body.kind).toBe('vendors');
    expect(report.body.inserted).toBe(1);
    expect(report.body.errors).toHaveLength(4);
    expect(report.body.errors[0]).toMatch(/^Row 3: websiteUrl: /);
    expect(report.body.errors[1]).toMatch(/^Row 4: bookingUrl: /);
    expect(report.body.errors[2]).toMatch(/^Row 5: websiteUrl: /);
    expect(report.body.errors[3]).toMatch(/^Row 6: websiteUrl: /);
  });

  test('the directory shows the markup as text and nothing runs', async () => {
    await page.goto('/vendors?q=onerror');
    const card = page.getByRole('article', { name: NAME, exact: true });
    await card.waitFor();
    await expect(card.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(NAME);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(DESCRIPTION);
    expect(text).toContain(HIGHLIGHT);
    // Give an injected onerror/onload every chance to fire.
    await page.waitForTimeout(750);
    expect(dialogs).toEqual([]);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('svg[onload], [onerror], [onload]').count()).toBe(0);
    const inlineScripts = await page
      .locator('script')
      .evaluateAll((els) => els.filter((e) => (e.textContent ?? '').includes('alert')).length);
    expect(inlineScripts).toBe(0);
    expect(await page.locator('b', { hasText: 'bold?' }).count()).toBe(0);
    // Every link on the page goes to our own app (or a spot on the page) or to a plain http(s) address.
    const hrefs = await page.locator('a[href]').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href).toMatch(/^(\/|#|https?:\/\/)/i);
    await browser.screenshot('hostile-vendor-as-text', { fullPage: false });
  });

  test('searching with markup in the address is shown as text, not run', async () => {
    await page.goto(`/vendors?q=${encodeURIComponent('"><img src=y onerror=alert(9)>')}`);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(await page.locator('img[src="y"]').count()).toBe(0);
  });
});
