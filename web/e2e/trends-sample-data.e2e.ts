import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, webDir, type TestServer } from './support/server';

// A first launch seeds sample bookings so the dashboard is alive; it must say they are samples,
// look like real demand, and compare nothing until a comparison is chosen (the period before the
// sample holds no bookings). With LITSTACK_GUIDE_SHOTS=1 it also writes the fresh install's
// /trends and /vendors at 1280 and 390 px to docs/guide/.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const guideDir = path.resolve(webDir, '..', 'docs', 'guide');
const guide = process.env.LITSTACK_GUIDE_SHOTS === '1';

/**
 * The last 09:30 UTC of an ordinary Tuesday or Wednesday before now: the server starts there, so
 * the sample ends at a quiet hour in the US and its newest bookings are the night's, hours apart,
 * whatever day the test runs. (On a holiday, such as Thanksgiving, the night is nearly empty and the
 * newest bookings are the evening before's, minutes apart: real demand, but not what this checks.)
 */
const madeAt = (() => {
  const now = Date.now();
  const day = new Date(now);
  day.setUTCHours(9, 30, 0, 0);
  if (day.getTime() > now) day.setUTCDate(day.getUTCDate() - 1);
  const holiday = (d: Date) => {
    const [month, date] = [d.getUTCMonth() + 1, d.getUTCDate()];
    return (month === 12 && date >= 24) || (month === 1 && date <= 2) || (month === 7 && date === 4);
  };
  while (![2, 3].includes(day.getUTCDay()) || holiday(day)) day.setUTCDate(day.getUTCDate() - 1);
  return day.getTime();
})();

beforeAll(async () => {
  server = await startServer({ sampleData: true, timeoutMs: 110_000, clockStart: new Date(madeAt).toISOString() });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  // The page's clock reads 20 minutes after the sample was made, as a first session would.
  await page.clock.setFixedTime(madeAt + 20 * 60_000);
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
const panel = (title: string | RegExp) => page.getByRole('region', { name: title });

async function shots(name: string) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    await browser.screenshot(`${name}-${width}`, { fullPage: false });
  }
  await browser.setWidth(1280);
}

const SAMPLE_STORY =
  'Vendor Trends shows generated sample bookings to demonstrate the dashboard; picks never use them. Until real demo bookings are imported (an administrator can, under Import), the picks rest on what your firm told us: its size, software spend, tech stack and dismissals.';
const NO_BOOKINGS_STORY =
  'No demo bookings have been imported yet, so the picks rest on what your firm told us: its size, software spend, tech stack and dismissals. An administrator can import bookings under Import.';
async function expectNoViolations(where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

/** The page is no wider than the window: nothing scrolls sideways but the boxes made to. */
async function expectNoSidewaysScroll(where: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, where).toBeLessThanOrEqual(innerWidth);
}

/** Full-page screenshots at 1280 and 390 px (into docs/guide/ too when asked). */
async function guideShots(name: string, { fullPage }: { fullPage: boolean }) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await page.waitForTimeout(200);
    await expectNoSidewaysScroll(`${name} at ${width} px`);
    await browser.screenshot(`${name}-${width}`, { fullPage });
    if (guide) {
      await mkdir(guideDir, { recursive: true });
      await page.screenshot({ path: path.join(guideDir, `${name}-${width}.png`), fullPage, animations: 'disabled' });
    }
  }
  await browser.setWidth(1280);
}

test('a fresh launch compares nothing until a comparison is chosen, and its sample looks like real demand', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/trends');
  await card('Total Demos').getByText('50,000', { exact: true }).waitFor();
  // The period is the sample's two years; the two before it hold nothing: no comparison, and the
  // control says why.
  const control = page.getByRole('region', { name: 'Comparison' });
  await control.getByText(/^Not compared: the previous period of equal length holds fewer than 20 bookings/).waitFor();
  expect(await page.getByLabel('Compare with').inputValue()).toBe('none');
  const main = page.locator('main');
  await panel('Top Vendors').getByRole('rowheader').first().waitFor();
  await panel('Geographic Distribution').getByRole('listitem').first().waitFor();
  const text = await main.innerText();
  expect(text).not.toMatch(/\bvs [\d,]/);
  expect(text).not.toMatch(/Comparison period/);
  expect(text).not.toMatch(/\+[\d,]+\*/);
  expect(await panel('Top Vendors').getByRole('columnheader', { name: 'Comparison' }).count()).toBe(0);
  // Without a comparison the card's one change is the last 30 days' (issue 77).
  expect(await card('Total Demos').locator('dd').nth(1).textContent()).toMatch(
    /^Last 30 days to \w{3} \d{1,2}, \d{4}: [\d,]+, change [+-]?[\d,]+ \([+-]?\d+\.\d%\) vs the 30 days before$/,
  );

  // Real-looking demand: the newest sample bookings are the hours before the first launch, none
  // later (a booking from the future read "Just Now"), spread over several hours.
  const table = page.getByRole('region', { name: 'Recent demo bookings table' });
  await table.getByText('(sample)').first().waitFor();
  const dates = await table.locator('tbody time').allInnerTexts();
  expect(dates).toHaveLength(6);
  expect(dates.filter((date) => date === 'Just Now').length, dates.join(' | ')).toBeLessThan(6);
  const newest = (await (await page.request.get('/api/demo-bookings?limit=6')).json()) as { items: Array<{ createdTime: string }> };
  const times = newest.items.map((item) => Date.parse(item.createdTime));
  expect(times.every((time) => time < madeAt + 60_000)).toBe(true);
  expect(
    new Set(times.map((time) => Math.floor((madeAt - time) / 3_600_000))).size,
    newest.items.map((i) => i.createdTime).join(' '),
  ).toBeGreaterThanOrEqual(3);
  // The per-day series is not a ramp: its text alternative names a peak and the bars differ.
  const series = (await (await page.request.get('/api/trends')).json()) as { series: Array<{ count: number }> };
  const counts = series.series.map((bucket) => bucket.count);
  const drops = counts.slice(1).filter((count, i) => count < counts[i]!).length;
  expect(drops, 'days quieter than the day before').toBeGreaterThan(counts.length / 4);
  await expectNoViolations('/trends on a fresh install');
  await guideShots('trends-fresh', { fullPage: true });
  // On a phone every recent booking is whole: one block each, inside the screen, not a table cut
  // at its edge.
  await browser.setWidth(390);
  const bookings = page.getByRole('list', { name: 'Recent demo bookings' });
  await bookings.waitFor();
  expect(await page.getByRole('region', { name: 'Recent demo bookings table' }).isVisible()).toBe(false);
  const blocks = await bookings.getByRole('listitem').all();
  expect(blocks).toHaveLength(6);
  for (const block of blocks) {
    const box = (await block.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await block.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await block.getByText(/^Firm size /).waitFor();
  }
  // Without a comparison the vendors' three columns fit a phone too.
  const share = (await panel('Top Vendors').getByRole('columnheader', { name: 'Share' }).boundingBox())!;
  expect(share.x + share.width).toBeLessThanOrEqual(390);
  await expectNoViolations('/trends at 390 px');
  await browser.setWidth(1280);

  // Chosen, a comparison is shown: the same period a year earlier overlaps the sample's first year.
  await page.getByLabel('Compare with').selectOption({ label: 'Same period last year' });
  await page.waitForFunction(() => new URL(location.href).searchParams.get('compare') === 'year');
  await control.getByText(/compared with .* \(the same period a year earlier\)$/).waitFor();
  await card('Total Demos')
    .getByText(/^Comparison period: [\d,]+, change /)
    .waitFor();
  await panel('Top Vendors').getByRole('columnheader', { name: 'Comparison' }).waitFor();
  // And "No comparison" turns it off again, kept in the address.
  await page.getByLabel('Compare with').selectOption({ label: 'No comparison' });
  await page.waitForFunction(() => new URL(location.href).searchParams.get('compare') === 'none');
  await control.getByText('Not compared with another period.').waitFor();
  expect(
    await card('Total Demos')
      .getByText(/Comparison period/)
      .count(),
  ).toBe(0);

  // Browse Vendors on the same fresh install.
  await page.goto('/vendors');
  await page.getByRole('heading', { name: 'Browse Vendors' }).waitFor();
  await page
    .getByRole('button', { name: /Schedule Meeting|Visit Website/ })
    .first()
    .waitFor();
  await expectNoViolations('/vendors on a fresh install');
  await guideShots('vendors-fresh', { fullPage: false });
});

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

  // Removing 50,000 bookings is real work for a debug build beside another browser test.
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText('Sample data removed', { exact: true })
    .waitFor({ timeout: 30_000 });
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
