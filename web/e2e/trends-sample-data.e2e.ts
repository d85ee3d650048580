import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// A first launch seeds sample bookings so the dashboard is alive; it must say they are samples.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer({ sampleData: true, timeoutMs: 110_000 });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { name: 'Sam Ple', email: 'sam@ple-law.test', password: 'sample-data-please', lawFirm: 'Ple Law' },
  });
  expect(signUp.status()).toBe(201);
  await page.request.post('/api/profile/onboarding', {
    data: { attorneysCountBand: 'SOLO', employeesCountBand: 'E2_10', injuryCasesPerMonthBand: 'C1_10', annualSoftwareSpendBand: 'S0_5K' },
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (title: string) => page.locator('dl > div').filter({ has: page.getByText(title, { exact: true }) });

async function shots(name: string) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    await browser.screenshot(`${name}-${width}`, { fullPage: false });
  }
  await browser.setWidth(1280);
}

const SAMPLE_STORY =
  'Vendor Trends shows generated sample bookings to demonstrate the dashboard; picks never use them. Until real demo bookings are imported (an administrator can, under Import), the picks rest on what your firm told us: its size, software spend, caseload, tech stack and dismissals.';
const NO_BOOKINGS_STORY =
  'No demo bookings have been imported yet, so the picks rest on what your firm told us: its size, software spend, caseload, tech stack and dismissals. An administrator can import bookings under Import.';

test('a fresh launch says its bookings are samples, and an admin removes them for good', async () => {
  // Matches tells the same story as Trends before any pick: the samples are never evidence.
  await page.goto('/matches');
  await page.getByRole('note').getByText(SAMPLE_STORY, { exact: true }).waitFor();

  await page.goto('/trends');
  const banner = page.getByRole('note');
  const text = await banner.getByText(/bookings shown are generated sample data$/).textContent();
  const [, shown, total] = /^([\d,]+) of ([\d,]+) bookings/.exec(text ?? '') ?? [];
  expect(shown).toBe(total);
  expect(Number(total?.replaceAll(',', ''))).toBe(50_000);
  await card('Total Demos').getByText(total!, { exact: true }).waitFor();
  await page.getByRole('table').getByText('(sample)').first().waitFor();
  expect(await banner.getByRole('link', { name: 'Import bookings' }).getAttribute('href')).toBe('/admin/import');
  // No real booking yet: nothing to switch between.
  expect(await page.getByRole('switch', { name: 'Show sample data' }).count()).toBe(0);
  await shots('trends-sample-banner');

  await page.getByRole('button', { name: 'Remove sample data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove sample data?' });
  await dialog.waitFor();
  await shots('trends-sample-remove-dialog');
  await dialog.getByRole('button', { name: 'Remove sample data' }).click();

  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText('Sample data removed', { exact: true })
    .waitFor();
  await banner.waitFor({ state: 'detached' });
  await card('Total Demos').getByText('0', { exact: true }).waitFor();
  await page.getByText('No data available').waitFor();
  await page.getByText('No demo bookings found').waitFor();
  expect(await page.getByRole('button', { name: 'Remove sample data' }).count()).toBe(0);
  await shots('trends-sample-removed');

  // Gone for good: a reload (and the server's own answer) still shows nothing.
  await page.reload();
  await page.getByText('No demo bookings found').waitFor();
  expect(await page.getByRole('note').count()).toBe(0);
  const trends = await (await page.request.get('/api/trends?includeSample=true')).json();
  expect(trends).toMatchObject({ total: 0, sampleCount: 0, hasSampleData: false });

  // With the samples gone, Matches no longer speaks of them.
  await page.goto('/matches');
  await page.getByRole('note').getByText(NO_BOOKINGS_STORY, { exact: true }).waitFor();
  expect(await page.getByText(/sample/).count()).toBe(0);
});

test('once real bookings exist the samples are left out, and the switch shows them again', async () => {
  const second = await startServer({ sampleData: true, timeoutMs: 110_000 });
  const other = await launchBrowser({ baseURL: second.url });
  try {
    const p = other.page;
    expect(
      (
        await p.request.post('/api/auth/sign-up', {
          data: { name: 'Rea L', email: 'rea@l-law.test', password: 'real-data-at-last', lawFirm: 'L Law' },
        })
      ).status(),
    ).toBe(201);
    await p.request.post('/api/profile/onboarding', {
      data: { attorneysCountBand: 'SOLO', employeesCountBand: 'E2_10', injuryCasesPerMonthBand: 'C1_10', annualSoftwareSpendBand: 'S0_5K' },
    });
    const csv =
      'Category,Firm Size,City State,State,DMA,Created Time\n' +
      'Intake,SOLO,"Austin, TX",TX,Austin,2026-01-05T10:00:00Z\n' +
      'Intake,SOLO,"Austin, TX",TX,Austin,2026-01-06T10:00:00Z\n' +
      'Practice Management,E6_20,"Miami, FL",FL,Miami-Ft. Lauderdale,2026-01-07T10:00:00Z\n';
    const upload = await p.request.post('/api/admin/demo-bookings/import', {
      multipart: { file: { name: 'real.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(upload.status()).toBe(200);

    await p.goto('/trends');
    const total = p.locator('dl > div').filter({ has: p.getByText('Total Demos', { exact: true }) });
    await total.getByText('3', { exact: true }).waitFor();
    const toggle = p.getByRole('switch', { name: 'Show sample data' });
    expect(await toggle.isChecked()).toBe(false);
    expect(await p.getByRole('note').count()).toBe(0);
    await other.setWidth(1280);
    await other.screenshot('trends-sample-switch-off-1280', { fullPage: false });

    await toggle.focus();
    await p.keyboard.press('Space');
    await p.getByRole('note').getByText('50,000 of 50,003 bookings shown are generated sample data').waitFor();
    await total.getByText('50,003', { exact: true }).waitFor();
    expect(p.url()).toContain('includeSample=true');
    for (const width of [1280, 390]) {
      await other.setWidth(width);
      await p.waitForTimeout(150);
      await other.screenshot(`trends-sample-switch-on-${width}`, { fullPage: false });
    }
  } finally {
    await other.close();
    await second.stop();
  }
}, 150_000);
