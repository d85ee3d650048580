import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, screenshotDir, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { closeToasts } from './support/toasts';

// An admin imports demo bookings and vendors, then reads the dashboard through every filter.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Row = [category: string, size: string, cityState: string, state: string, dma: string, ageMs: number];
const places = {
  austin: ['Austin, TX', 'TX', 'Austin'],
  dallas: ['Dallas, TX', 'TX', 'Dallas-Ft. Worth'],
  la: ['Los Angeles, CA', 'CA', 'Los Angeles'],
  miami: ['Miami, FL', 'FL', 'Miami-Ft. Lauderdale'],
} as const;

// 20 good rows, newest first: TX 10 (Austin 6, Dallas 4), CA 6, FL 4; Intake 8, Lead Generation 5,
// Medical Record Retrieval 4, Staffing 3; SOLO 12, E6_20 8. Ages: 10 minutes, 90 minutes, then days.
const rows: Row[] = Array.from({ length: 20 }, (_, i) => {
  const category = i < 8 ? 'Intake' : i < 13 ? 'Lead Generation' : i < 17 ? 'Medical Record Retrieval' : 'Staffing';
  const place = i < 6 ? places.austin : i < 10 ? places.dallas : i < 16 ? places.la : places.miami;
  const size = i % 5 < 3 ? 'SOLO' : 'E6_20';
  const age = i === 0 ? 10 * 60_000 : i === 1 ? 90 * 60_000 : i * 3 * DAY;
  return [category, size, ...place, age];
});

function bookingsCsv(now: number): string {
  const lines = ['Category,Client,Firm Size,City State,State,DMA,Created Time'];
  rows.forEach(([category, size, cityState, state, dma, age], i) => {
    lines.push(`${category},Vendor ${i},${size},"${cityState}",${state},${dma},${new Date(now - age).toISOString()}`);
  });
  lines.push('Intake,Vendor X,SOLO,"Austin, TX",TX,Austin,not a date');
  lines.push(',Vendor Y,SOLO,"Austin, TX",TX,Austin,2026-01-01T10:00:00Z');
  // A booking from a year that has not come is refused, never stretched over every chart.
  lines.push('Intake,Vendor Z,SOLO,"Austin, TX",TX,Austin,2030-01-01T00:00:00Z');
  return `${lines.join('\n')}\n`;
}

const vendorsCsv = [
  'name,category,websiteUrl,bookingUrl,shortHighlights,isActive,bookingSourceUrl,bookingVerifiedOn',
  'Casefile Bolt,Intake,https://casefile.example,https://casefile.example/book,Fast intake;Texting,true,https://casefile.example/contact,2026-11-20',
  'Sneaky Co,Intake,javascript:alert(1),https://sneaky.example/book,,true',
  'Orphan Tools,No Such Category,https://orphan.example,https://orphan.example/book,,yes',
  '"=HYPERLINK(""http://evil.example"")",Intake,https://evil.example,,,true',
].join('\n');

const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const card = (title: string) => page.locator('dl > div').filter({ has: page.getByText(title, { exact: true }) });
const panel = (title: string | RegExp) => page.getByRole('region', { name: title });
const trendsCalls: string[] = [];
// When the bookings file was written: its rows' UTC days decide the range's length.
let importedAt = 0;
const utcDay = (ms: number) => Math.floor(ms / DAY);

async function waitForTotal(total: string) {
  await card('Total Demos').getByText(total, { exact: true }).waitFor();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/trends') trendsCalls.push(url.search);
  });
  // The first account is the admin; set it up through the API to get to the screens quickly.
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { name: 'Grace Hopper', email: 'grace@hopper-law.test', password: 'cobol-1959-rules', lawFirm: 'Hopper Injury Law' },
  });
  expect(signUp.status()).toBe(201);
  const onboarding = await page.request.post('/api/profile/onboarding', {
    data: {
      attorneysCountBand: 'A6_15',
      employeesCountBand: 'E11_50',
      injuryCasesPerMonthBand: 'C26_50',
      annualSoftwareSpendBand: 'S10_40K',
    },
  });
  expect(onboarding.ok()).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the trends dashboard and the admin import', () => {
  test('with no bookings every panel shows its empty state', async () => {
    await page.goto('/trends');
    await page.getByRole('heading', { name: 'Demo Booking Trends' }).waitFor();
    await waitForTotal('0');
    await card('Total Demos').getByText('No bookings to compare yet').waitFor();
    await card('Top State').getByText('N/A').waitFor();
    await card('Avg. per Day').getByText('0.0', { exact: true }).waitFor();
    await page.getByText('No data available').waitFor();
    await page.getByText('No demo bookings found').waitFor();
    await page.getByText('No state data available').waitFor();
    await page.getByText('No bookings in the selected range.').first().waitFor();
    await browser.screenshotAtWidths('trends-empty');
  });

  test('imports a bookings file and shows its row errors', async () => {
    await page.goto('/admin/import');
    await page.getByRole('heading', { name: 'CSV Format Requirements' }).waitFor();
    await page.getByRole('button', { name: 'Import Demo Bookings' }).click();
    await toast('No File Selected').waitFor();
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'bookings.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await toast('Invalid File').waitFor();

    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(bookingsCsv((importedAt = Date.now()))) });
    await page.getByRole('button', { name: 'Import Demo Bookings' }).click();
    // Rows were left out: a warning, never "Import Successful".
    await toast('Imported with 3 rows skipped').waitFor();
    await toast(
      'Imported 20 new bookings, updated 0 existing bookings, skipped 3 records. The rows with errors are listed under Import Results.',
    ).waitFor();
    expect(await toast('Import Successful').count()).toBe(0);
    const results = panel('Import Results');
    await results.getByText('Errors (3)').waitFor();
    expect(await results.getByRole('listitem').count()).toBe(3);
    expect(await results.getByRole('listitem').first().textContent()).toMatch(/^Row \d+: /);
    await results.getByText('Row 24: Created Time 2030-01-01 is in the future').waitFor();
    // Every Client of the file is a made-up name: imported, counted, and named.
    await results.getByText(/^20 rows name a vendor not in the catalog: Vendor 0, Vendor 1, Vendor 10, /).waitFor();
    await browser.screenshotAtWidths('import-bookings');
  });

  test('imports a vendor file with row errors', async () => {
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(vendorsCsv) });
    await page.getByRole('button', { name: 'Import Demo Bookings' }).click();
    await toast('Imported with 3 rows skipped').waitFor();
    await toast(
      'Imported 1 new vendor, updated 0 existing vendors, skipped 3 records. The rows with errors are listed under Import Results.',
    ).waitFor();
    const results = panel('Import Results');
    await results.getByText('Errors (3)').waitFor();
    await results.getByText(/^Row 5: name starts with "=", which a spreadsheet runs as a formula/).waitFor();
    await results.getByText('Vendors inserted').waitFor();
  });

  test('shows the imported numbers', async () => {
    await page.getByRole('complementary').getByRole('link', { name: 'Vendor Trends' }).click();
    await waitForTotal('20');
    await card('Categories').getByText('4', { exact: true }).waitFor();
    await card('Top State').getByText('Texas').waitFor();
    await card('Top State').getByText('10 bookings').waitFor();
    // 20 bookings over the days from the oldest to the newest: 58 of them, or 57 when the newest
    // (10 minutes old) fell before midnight UTC and the oldest after it.
    const days = utcDay(importedAt - rows[0]![5]) - utcDay(importedAt - rows[19]![5]) + 1;
    expect([57, 58]).toContain(days);
    await card('Avg. per Day')
      .getByText((20 / days).toFixed(1), { exact: true })
      .waitFor();
    // The card's second line (the third compares with the comparison period).
    expect(await card('Total Demos').locator('dd').nth(1).textContent()).toMatch(
      /^Last 30 days to \w{3} \d{1,2}, \d{4}: (.+ vs the 30 days before|no bookings in the 30 days before)$/,
    );
    const bars = page.getByRole('list', { name: 'Bookings per category' });
    expect(await bars.getByRole('button').count()).toBe(4);
    await bars.getByRole('button', { name: '8 Intake bookings' }).waitFor();
    await page.getByRole('img', { name: /^Bookings per day from .*; peak \d+ on / }).waitFor();
    expect(await page.getByText(/bookings shown are generated sample data/).count()).toBe(0);

    const table = panel('Recent Demo Bookings');
    await table.getByText('Showing 1-6 of 20 results').waitFor();
    await table.getByRole('row').nth(1).getByText('Just Now').waitFor();
    await table.getByRole('row').nth(2).getByText('1 hour ago').waitFor();
    await browser.screenshotAtWidths('trends');
  });

  test('at phone width the charts and their labels are whole and inside the screen', async () => {
    // The import's toasts would cover the charts in the screenshots.
    await closeToasts(page);
    await browser.setWidth(widths.phone);
    await page.waitForTimeout(200);
    const byCategory = panel('Bookings by Category');
    const bars = byCategory.getByRole('list', { name: 'Bookings per category' });
    expect(await bars.getByRole('button').count()).toBe(4);
    for (const name of ['Intake', 'Lead Generation', 'Medical Record Retrieval', 'Staffing']) {
      const label = bars.getByText(name, { exact: true });
      const box = (await label.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(widths.phone);
      // Whole: nothing of it is cut off by a clamp or an ellipsis.
      expect(await label.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1), name).toBe(true);
    }
    const perDay = panel('Bookings per Day');
    const chart = (await page.getByRole('img', { name: /^Bookings per day from / }).boundingBox())!;
    expect(chart.x).toBeGreaterThanOrEqual(0);
    expect(chart.x + chart.width).toBeLessThanOrEqual(widths.phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(widths.phone);
    await byCategory.screenshot({ path: path.join(screenshotDir, 'trends-by-category-390.png') });
    await perDay.screenshot({ path: path.join(screenshotDir, 'trends-per-day-390.png') });
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await browser.setWidth(widths.desktop);
    await page.waitForTimeout(150);
    await byCategory.screenshot({ path: path.join(screenshotDir, 'trends-by-category-1440.png') });
  });

  test('pages the recent bookings both ways', async () => {
    const table = panel('Recent Demo Bookings');
    expect(await table.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await table.getByRole('button', { name: 'Next' }).click();
    await table.getByText('Showing 7-12 of 20 results').waitFor();
    expect(page.url()).toMatch(/page=2$/);
    await table.getByRole('button', { name: 'Next' }).click();
    await table.getByRole('button', { name: 'Next' }).click();
    await table.getByText('Showing 19-20 of 20 results').waitFor();
    expect(await table.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await table.getByRole('button', { name: 'Previous' }).click();
    await table.getByText('Showing 13-18 of 20 results').waitFor();
    await page.reload();
    await table.getByText('Showing 13-18 of 20 results').waitFor();
    await table.getByRole('button', { name: 'Previous' }).click();
    await table.getByRole('button', { name: 'Previous' }).click();
    await table.getByText('Showing 1-6 of 20 results').waitFor();
  });

  test('Refresh refetches the bookings', async () => {
    const status = await page.evaluate(async (csv) => {
      const form = new FormData();
      form.append('file', new File([csv], 'one-more.csv', { type: 'text/csv' }));
      const response = await fetch('/api/admin/demo-bookings/import', { method: 'POST', body: form, credentials: 'include' });
      return response.status;
    }, `Category,Client,Firm Size,City State,State,DMA,Created Time\nStaffing,Late Vendor,E200P,"Boise, ID",ID,Boise,${new Date().toISOString()}\n`);
    expect(status).toBe(200);
    const table = panel('Recent Demo Bookings');
    await table.getByText('Showing 1-6 of 20 results').waitFor();
    await table.getByRole('button', { name: 'Refresh' }).click();
    await table.getByText('Showing 1-6 of 21 results').waitFor();
    await table.getByRole('row').nth(1).getByText('Boise, ID').waitFor();
    await table.getByRole('row').nth(1).getByText('200+').waitFor();
  });

  test('filters by state at once and the firm size picked just after in one more call, and Reset clears everything', async () => {
    await page.reload();
    await waitForTotal('21');
    trendsCalls.length = 0;
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'California' });
    await page.getByLabel('Firm Size', { exact: true }).selectOption({ label: '6-20' });
    await expect.poll(() => new URL(page.url()).search).toBe('?state=CA&firmSize=E6_20');
    // LA rows 10-15 with i % 5 >= 3: 13 and 14.
    await waitForTotal('2');
    // The state is asked for at once; the firm size, picked within 300 ms, in one trailing call
    // (issue 81). The calls for the week and month series are the ones asked ahead.
    expect(trendsCalls.filter((call) => !call.includes('granularity='))).toEqual(['?state=CA', '?state=CA&firmSize=E6_20']);
    await card('Top State').getByText('California').waitFor();

    await page.getByRole('button', { name: 'Reset' }).click();
    await waitForTotal('21');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('');
  });

  test('filters by a city picked with the keyboard', async () => {
    const city = page.getByRole('combobox', { name: 'City' });
    await city.click();
    await city.fill('DALLAS');
    const options = page.getByRole('listbox', { name: 'City suggestions' }).getByRole('option');
    expect(await options.allTextContents()).toEqual(['Dallas-Ft. Worth']);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: 'City suggestions' }).waitFor({ state: 'hidden' });
    await city.fill('a');
    expect(await options.count()).toBeLessThanOrEqual(10);
    await page.getByRole('heading', { name: 'Demo Booking Trends' }).click();
    await page.getByRole('listbox', { name: 'City suggestions' }).waitFor({ state: 'hidden' });
    await city.fill('austi');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).search).toBe('?dma=Austin');
    await waitForTotal('6');
    await browser.screenshot('trends-city-filter', { fullPage: false });
    await page.getByRole('button', { name: 'Reset' }).click();
    await waitForTotal('21');
    expect(await city.inputValue()).toBe('');
  });

  test('refuses a From date after the To date', async () => {
    const now = new Date();
    const day = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 10);
    await page.getByLabel('To', { exact: true }).fill(day(-10 * DAY));
    await page.getByLabel('From', { exact: true }).fill(day(-5 * DAY));
    await page.getByText('The From date must be on or before the To date.').waitFor();
    await page.getByLabel('From', { exact: true }).fill(day(-40 * DAY));
    expect(await page.getByText('The From date must be on or before the To date.').count()).toBe(0);
    // Rows 4 to 13 are 12 to 39 days old: the ten inside [40, 10] days ago.
    await expect.poll(() => new URL(page.url()).searchParams.get('start')).toBe(day(-40 * DAY));
    await waitForTotal('10');
    await card('Avg. per Day').getByText('0.3', { exact: true }).waitFor(); // 10 / 31 days
    await page.getByRole('button', { name: 'Reset' }).click();
    await waitForTotal('21');
  });

  test('drills into a state’s cities and back', async () => {
    const geo = panel('Geographic Distribution');
    await geo.getByText('Click on any state name to view cities within that state').waitFor();
    expect(await geo.getByRole('listitem').count()).toBe(4); // TX, CA, FL and the later ID row
    await geo.getByText('Total, top 4 states').waitFor();
    await geo.getByRole('button', { name: 'Texas' }).click();
    const cities = panel('Top Cities in Texas');
    await cities.getByText('Austin').waitFor();
    expect(await cities.getByRole('listitem').allTextContents()).toEqual(['1Austin6', '2Dallas4']);
    await browser.screenshotAtWidths('trends-cities', { fullPage: false });
    await cities.getByRole('button', { name: 'Back to States' }).click();
    await geo.getByRole('button', { name: 'California' }).waitFor();
  });

  test('a click on a category bar opens its questionnaire on /matches', async () => {
    await page.getByRole('button', { name: '8 Intake bookings' }).click();
    await page.waitForURL(/\/matches\?categoryId=2$/);
    const questionnaire = page.getByRole('dialog', { name: 'Questionnaire' });
    await questionnaire.waitFor();
    expect(await questionnaire.getByRole('button', { name: 'Get Recommendations' }).isVisible()).toBe(true);
  });
});
