import { afterAll, beforeAll, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// How soon /trends shows real figures after an in-app navigation (its code and its data both
// fetched on demand), on a launch with the 50,000 sample bookings. Printed for docs/performance.md,
// not held to a time: the machine is shared, and a benchmark runs on its own (npm run e2e).

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

  // Inside the page: from the click as the page receives it to the total on screen, which is what
  // a person waits for (the driver's own time below also holds its checks before clicking).
  await page.evaluate(() => {
    const marks: { click?: number; shown?: number } = {};
    (window as unknown as { trendsMarks: typeof marks }).trendsMarks = marks;
    document.addEventListener('click', () => (marks.click = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      const cards = [...document.querySelectorAll('dl > div')];
      if (cards.some((card) => card.textContent?.includes('Total Demos') && card.textContent.includes('50,000'))) {
        marks.shown = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const total = page
    .locator('dl > div')
    .filter({ has: page.getByText('Total Demos', { exact: true }) })
    .getByText('50,000', { exact: true });
  const started = Date.now();
  await page.getByRole('navigation').getByRole('link', { name: 'Vendor Trends' }).click();
  await total.waitFor();
  const elapsed = Date.now() - started;
  const marks = await page.evaluate(() => (window as unknown as { trendsMarks: { click?: number; shown?: number } }).trendsMarks);
  expect(marks.click).toBeDefined();
  expect(marks.shown).toBeDefined();
  const inPage = Math.round(marks.shown! - marks.click!);
  console.log(`/trends showed its total ${inPage} ms after the click in the page (${elapsed} ms by the test driver)`);
  expect(inPage).toBeGreaterThan(0);
});
