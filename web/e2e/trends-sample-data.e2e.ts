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

test('the dashboard labels the sample bookings', async () => {
  await page.goto('/trends');
  await page.getByText('Includes sample data').waitFor();
  const total = page.locator('dl > div').filter({ has: page.getByText('Total Demos', { exact: true }) }).locator('dd').first();
  expect(Number((await total.textContent())?.replaceAll(',', ''))).toBeGreaterThan(0);
  await page.getByRole('table').getByText('(sample)').first().waitFor();
  await browser.screenshot('trends-sample-1440', { fullPage: false });
});
