import { afterAll, beforeAll, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// How soon /trends shows real figures after an in-app navigation (its code and its data both
// fetched on demand), on a launch with the 50,000 sample bookings. Printed for the README; the
// bound asserted is loose because this machine is shared.

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ sampleData: true });
  browser = await launchBrowser({ baseURL: server.url });
  await signUpAndOnboard(browser.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('/trends shows its first figures soon after navigating to it', async () => {
  const { page } = browser;
  await page.goto('/matches');
  await page.getByText(/\d+ of \d+ stages completed/).waitFor();
  await page.waitForLoadState('networkidle');

  const total = page
    .locator('dl > div')
    .filter({ has: page.getByText('Total Demos', { exact: true }) })
    .getByText('50,000', { exact: true });
  const started = Date.now();
  await page.getByRole('navigation').getByRole('link', { name: 'Vendor Trends' }).click();
  await total.waitFor();
  const elapsed = Date.now() - started;
  console.log(`/trends showed its total ${elapsed} ms after the click`);
  expect(elapsed).toBeLessThan(2_000);
});
