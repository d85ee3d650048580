import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, screenshotDir, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// An analyst works /trends: the vendors inside a category, the same period a year earlier, weeks
// and stacked categories, and the numbers downloaded as CSV (compared with the screen) and PNG.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

type Vendor = { id: number; name: string };
let intakeId: number;
let intakeA: Vendor;
let intakeB: Vendor;
let leadC: Vendor;

// The period: Wednesday Mar 4 to Wednesday Apr 29, 2026, so its first and last weeks (and both
// months) are partial. The same period a year earlier and the previous 57 days have bookings too.
const START = '2026-03-04';
const END = '2026-04-29';
const PERIOD = `/trends?start=${START}&end=${END}`;

type Row = { category: string; client: string; state: 'TX' | 'CA'; day: string };

/** `n` bookings spread over the days from `from` (every `step` days), alternating TX and CA. */
function spread(category: string, client: string, n: number, from: string, step: number, last?: string): Row[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  const rows = Array.from({ length: n }, (_, i) => ({
    category,
    client,
    state: i % 2 === 0 ? ('TX' as const) : ('CA' as const),
    day: new Date(first + i * step * 86_400_000).toISOString().slice(0, 10),
  }));
  // The last booking on the period's last day: the span is the whole range.
  if (last && rows.length) rows[rows.length - 1]!.day = last;
  return rows;
}

function bookingsFile(): string {
  const rows: Row[] = [
    // The period: Intake A 24, Intake B 6, a vendor the catalog lacks 2, Lead Generation C 12 (44).
    ...spread('Intake', intakeA.name, 24, START, 2, END),
    ...spread('Intake', intakeB.name, 6, '2026-03-10', 7),
    ...spread('Intake', 'Nobody Intake Co', 2, '2026-03-20', 3),
    ...spread('Lead Generation', leadC.name, 12, '2026-03-05', 4),
    // A year earlier: Intake A 20, Intake B 9, Lead Generation C 3 (32).
    ...spread('Intake', intakeA.name, 20, '2025-03-04', 2),
    ...spread('Intake', intakeB.name, 9, '2025-03-06', 5),
    ...spread('Lead Generation', leadC.name, 3, '2025-03-10', 9),
    // The previous 57 days (Jan 6 to Mar 3, 2026): Intake A 5.
    ...spread('Intake', intakeA.name, 5, '2026-01-10', 7),
  ];
  const lines = ['Category,Client,Firm Size,City State,State,DMA,Created Time'];
  const places = { TX: ['"Austin, TX"', 'Austin'], CA: ['"Los Angeles, CA"', 'Los Angeles'] } as const;
  for (const row of rows) {
    const [cityState, dma] = places[row.state];
    lines.push(`${row.category},"${row.client.replace(/"/g, '""')}",SOLO,${cityState},${row.state},${dma},${row.day}T15:00:00Z`);
  }
  return `${lines.join('\n')}\n`;
}

/** RFC 4180: quoted cells (with "" for a quote, commas and line breaks inside), CRLF or LF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      // CRLF: the \n ends the row.
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * The table of a downloaded CSV, as a spreadsheet or pandas reads it: the header is the first line
 * (nothing above it), and every row has as many cells as the header.
 */
function csvTable(text: string): { header: string[]; rows: string[][] } {
  const all = parseCsv(text.replace(/^\uFEFF/, ''));
  const [header, ...rows] = all;
  expect(header!.length, `a header of cells first in:\n${text}`).toBeGreaterThan(1);
  for (const row of rows) expect(row.length, `${row.join(',')} in:\n${text}`).toBe(header!.length);
  return { header: header!, rows };
}

async function saved(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

const panel = (title: string | RegExp) => page.getByRole('region', { name: title });
const card = (title: string) => page.locator('dl > div').filter({ has: page.getByText(title, { exact: true }) });

async function expectNoViolations(where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

/** The address's query, as the page has it now. */
const addressParams = () => new URL(page.url()).searchParams;

async function waitForParam(name: string, value: string | null) {
  await page.waitForFunction(([n, v]) => new URL(location.href).searchParams.get(n!) === v, [name, value] as const);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  // The first account is the admin, who may import bookings.
  await signUpAndOnboard(page, 'ana@lyst-law.test');

  const categories = (await (await page.request.get('/api/categories')).json()) as Array<{ id: number; name: string }>;
  intakeId = categories.find((c) => c.name === 'Intake')!.id;
  const leadId = categories.find((c) => c.name === 'Lead Generation')!.id;
  const vendorsOf = async (categoryId: number) =>
    ((await (await page.request.get(`/api/vendors?categoryIds=${categoryId}&pageSize=10&sort=name_asc`)).json()) as { items: Vendor[] })
      .items;
  [intakeA, intakeB] = (await vendorsOf(intakeId)) as [Vendor, Vendor];
  [leadC] = (await vendorsOf(leadId)) as [Vendor];
  expect(intakeA && intakeB && leadC).toBeTruthy();

  const imported = await page.request.post('/api/admin/demo-bookings/import', {
    multipart: { file: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(bookingsFile()) } },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/trends for an analyst', () => {
  test('picking a category lists its vendors as the API counts them, each catalog vendor a link to its profile', async () => {
    await page.goto(PERIOD);
    await card('Total Demos').getByText('44', { exact: true }).waitFor();
    // The previous period holds 5 bookings, too few to call a trend: by default nothing is compared.
    await page.getByText(/^Not compared: the previous period of equal length holds fewer than 20 bookings/).waitFor();
    expect(await page.getByLabel('Compare with').inputValue()).toBe('none');
    expect(
      await card('Total Demos')
        .getByText(/Comparison period/)
        .count(),
    ).toBe(0);
    // Chosen, it is shown: the difference, no percentage.
    await page.getByLabel('Compare with').selectOption({ label: 'Previous period' });
    await waitForParam('compare', 'previous');
    await card('Total Demos').getByText('+39, too few bookings to call a trend').waitFor();
    // One change per card: the chosen comparison's, not also the last 30 days' (issue 77).
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(100);
      const total = (await card('Total Demos').innerText()).replace(/\s+/g, ' ');
      expect(total, `${width} px`).not.toMatch(/vs the 30 days before|Last 30 days/);
      expect(total.match(/[+-]\d[\d,]*(?: \(|,)/g) ?? [], `${width} px: ${total}`).toHaveLength(1);
      await card('Total Demos').screenshot({ path: path.join(screenshotDir, `trends-one-change-${width}.png`) });
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }
    await browser.setWidth(1440);

    const vendors = panel('Top Vendors');
    // No category: the top vendors of every category, most bookings first.
    await vendors.getByText(/^The top 4 vendors of all categories by bookings \(4 booked in the period\)\.$/).waitFor();
    expect(await vendors.getByRole('rowheader').allInnerTexts()).toEqual([intakeA.name, leadC.name, intakeB.name, 'Nobody Intake Co']);

    await vendors.getByLabel('Category').selectOption(String(intakeId));
    await waitForParam('categoryId', String(intakeId));
    await vendors.getByText(/^Vendors of Intake by bookings/).waitFor();

    const answer = (await (await page.request.get(`/api/trends/vendors?start=${START}&end=${END}&categoryId=${intakeId}`)).json()) as {
      items: Array<{ vendorId: number | null; name: string; count: number }>;
    };
    expect(answer.items.map((item) => [item.name, item.count])).toEqual([
      [intakeA.name, 24],
      [intakeB.name, 6],
      ['Nobody Intake Co', 2],
    ]);
    const rows = vendors.getByRole('row');
    await expect.poll(() => rows.count()).toBe(answer.items.length + 1);
    for (const [i, item] of answer.items.entries()) {
      const row = rows.nth(i + 1);
      expect(await row.getByRole('rowheader').innerText()).toBe(item.name);
      expect(await row.getByRole('cell').first().innerText()).toBe(String(item.count));
    }
    expect(await vendors.getByRole('link', { name: intakeA.name, exact: true }).getAttribute('href')).toBe(`/vendors/${intakeA.id}`);
    // A vendor the catalog lacks has no profile to open.
    expect(await vendors.getByRole('link', { name: 'Nobody Intake Co' }).count()).toBe(0);
  });

  test('"Same period last year" compares with a year earlier, by percentage only from 20 bookings on both sides', async () => {
    await page.getByLabel('Compare with').selectOption({ label: 'Same period last year' });
    await waitForParam('compare', 'year');
    await page
      .getByText('Mar 4, 2026 to Apr 29, 2026 compared with Mar 4, 2025 to Apr 29, 2025 (the same period a year earlier)')
      .waitFor();
    await card('Total Demos').getByText('+12 (+37.5%)').waitFor();
    const vendors = panel('Top Vendors');
    const rowOf = (name: string) => vendors.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await rowOf(intakeA.name).getByText('+4 (+20.0%)').waitFor();
    expect(await rowOf(intakeA.name).getByRole('cell').nth(2).innerText()).toBe('20');
    await rowOf(intakeB.name).getByText('-3, too few bookings to call a trend').waitFor();

    // The rule is stated once, in the page's help.
    await page.getByText('How changes are shown').click();
    await page
      .getByText(
        'A change is given as a percentage only when both periods have at least 20 bookings; otherwise the difference is shown and marked “too few bookings to call a trend”.',
      )
      .waitFor();
  });

  test('weekly and stacked: partial weeks are marked, the categories stacked, and the address keeps both', async () => {
    const series = panel('Bookings per Day');
    await series.getByRole('radio', { name: 'Week' }).check();
    await waitForParam('granularity', 'week');
    const weekly = panel('Bookings per Week');
    await weekly.getByRole('img', { name: /^Bookings per week from Week of Mar 2, 2026 to Week of Apr 27, 2026; / }).waitFor();
    // The first and last weeks are cut by the range: marked partial in the table and the caption.
    await weekly.getByRole('rowheader', { name: 'Week of Mar 2, 2026 (partial week)' }).waitFor({ state: 'attached' });
    await weekly.getByRole('rowheader', { name: 'Week of Apr 27, 2026 (partial week)' }).waitFor({ state: 'attached' });
    await weekly.getByText(/Partial week \(cut by the range\)/).waitFor();

    await weekly.getByRole('checkbox', { name: 'Stack by category' }).check();
    await waitForParam('stackBy', 'category');
    await weekly.locator('figcaption').getByText('Lead Generation').waitFor();
    await weekly.locator('figcaption').getByText('Intake', { exact: true }).waitFor();
    await page.waitForTimeout(200);
    await weekly.screenshot({ path: path.join(screenshotDir, 'trends-analyst-stacked-weeks.png'), animations: 'disabled' });

    // By keyboard: from Week, the arrow key moves to Month.
    await weekly.getByRole('radio', { name: 'Week' }).focus();
    await page.keyboard.press('ArrowRight');
    await waitForParam('granularity', 'month');
    await panel('Bookings per Month').getByRole('rowheader', { name: 'Mar 2026 (partial month)' }).waitFor({ state: 'attached' });
    await panel('Bookings per Month').getByRole('radio', { name: 'Week' }).check();
    await waitForParam('granularity', 'week');
  });

  test("a panel's CSV holds the numbers on screen, under the filters and the comparison", async () => {
    const vendors = panel('Top Vendors');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      vendors.getByRole('button', { name: 'Download CSV of Top Vendors' }).click(),
    ]);
    // What the file counts is in its name: the category, the period and the year-earlier one.
    expect(download.suggestedFilename()).toBe(`trends-vendors-Intake_${START}_to_${END}_vs_2025-03-04_to_2025-04-29.csv`);
    const text = (await saved(download)).toString('utf8');
    expect(text).toContain('\r\n');
    const { header, rows } = csvTable(text);

    const nameColumn = header.findIndex((cell) => /vendor/i.test(cell));
    const countColumn = header.findIndex((cell) => /^bookings$/i.test(cell));
    expect(nameColumn, header.join(',')).toBeGreaterThanOrEqual(0);
    expect(countColumn, header.join(',')).toBeGreaterThanOrEqual(0);
    const onScreen = await vendors
      .getByRole('row')
      .evaluateAll((trs) =>
        trs
          .slice(1)
          .map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelector('td')!.textContent!.trim().replace(/,/g, '')]),
      );
    const data = rows.filter((row) => row.length > 1);
    // The vendors' rows as on screen, then the file's total of them all, the panel's description's.
    expect(data.slice(0, -1).map((row) => [row[nameColumn], row[countColumn]])).toEqual(onScreen);
    expect(data.at(-1)?.slice(0, 1)).toEqual(['All vendors']);
    expect(data.at(-1)?.[countColumn]).toBe('32');
    await vendors.getByText(/^Vendors of Intake by bookings: 3 vendors, 32 bookings\.$/).waitFor();

    // The categories panel too: each bar's count.
    const categories = panel('Bookings by Category');
    const [categoriesDownload] = await Promise.all([
      page.waitForEvent('download'),
      categories.getByRole('button', { name: 'Download CSV of Bookings by Category' }).click(),
    ]);
    const table = csvTable((await saved(categoriesDownload)).toString('utf8'));
    const categoryColumn = table.header.findIndex((cell) => /category/i.test(cell));
    const bookingsColumn = table.header.findIndex((cell) => /^bookings$/i.test(cell));
    const csvCounts = Object.fromEntries(
      table.rows.filter((row) => row.length > 1).map((row) => [row[categoryColumn], row[bookingsColumn]]),
    );
    expect(csvCounts).toMatchObject({ Intake: '32', 'Lead Generation': '12' });
    await categories.getByRole('button', { name: /^32 Intake bookings/ }).waitFor();
    await categories.getByRole('button', { name: /^12 Lead Generation bookings/ }).waitFor();
  });

  test("every other panel's Download CSV saves the server's file for it", async () => {
    const compared = `${START}_to_${END}_vs_2025-03-04_to_2025-04-29`;
    const panels: Array<[string, string, string, string]> = [
      ['Summary', 'Download CSV of the summary', 'Measure', `trends-summary_${compared}.csv`],
      ['Bookings per Week', 'Download CSV of Bookings per Week', 'Bucket start', `trends-series_${compared}.csv`],
      ['Geographic Distribution', 'Download CSV of Geographic Distribution', 'State', `trends-states_${compared}.csv`],
    ];
    for (const [title, button, first, name] of panels) {
      const [download] = await Promise.all([page.waitForEvent('download'), panel(title).getByRole('button', { name: button }).click()]);
      expect(download.suggestedFilename(), title).toBe(name);
      const { header } = csvTable((await saved(download)).toString('utf8'));
      expect(header[0], title).toBe(first);
    }
    // The bookings: every one the filters match (44 in the period), not the 6 rows on screen.
    const bookings = panel('Recent Demo Bookings');
    await bookings.getByText('Showing 1-6 of 44 results').waitFor();
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      bookings.getByRole('link', { name: 'Download CSV of all 44 matching demo bookings' }).click(),
    ]);
    expect(all.suggestedFilename()).toBe(`demo-bookings_${START}_to_${END}.csv`);
    const every = csvTable((await saved(all)).toString('utf8'));
    expect(every.header).toEqual(['Id', 'Created', 'Category', 'Vendor', 'Firm size', 'City', 'State', 'Metro area', 'Sample']);
    expect(every.rows).toHaveLength(44);
    expect(every.rows.every((row) => row[1]! >= START && row[1]! <= `${END}T23:59:59Z`)).toBe(true);
    // A state's cities too, from its drill-down.
    await panel('Geographic Distribution').getByRole('button', { name: 'Texas' }).click();
    const cities = panel('Top Cities in Texas');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      cities.getByRole('button', { name: 'Download CSV of Top Cities in Texas' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`trends-cities_${START}_to_${END}_state-TX.csv`);
    const { rows } = csvTable((await saved(download)).toString('utf8'));
    expect(rows.map((row) => row.slice(0, 2))).toContainEqual(['Austin', '22']);
    await cities.getByRole('button', { name: 'Back to States' }).click();
  });

  test('the series chart downloads as a PNG named by its range', async () => {
    const weekly = panel('Bookings per Week');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      weekly.getByRole('button', { name: 'Download PNG of Bookings per Week' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`trends-series-${START}-to-${END}.png`);
    const png = await saved(download);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: the chart's own width (1280-wide page, the panel's canvas) and its 240 px plus the title.
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBeGreaterThan(600);
    expect(height).toBeGreaterThan(240);
    expect(png.length).toBeGreaterThan(5_000);
    // Kept beside the screenshots, to be looked at.
    await writeFile(path.join(screenshotDir, 'trends-analyst-series-download.png'), png);

    // The categories are HTML bars: drawn on a canvas of their own for the image.
    const categories = panel('Bookings by Category');
    const [bars] = await Promise.all([
      page.waitForEvent('download'),
      categories.getByRole('button', { name: 'Download PNG of Bookings by Category' }).click(),
    ]);
    expect(bars.suggestedFilename()).toBe(`trends-categories-${START}-to-${END}.png`);
    const barsPng = await saved(bars);
    expect([...barsPng.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    await writeFile(path.join(screenshotDir, 'trends-analyst-categories-download.png'), barsPng);
  });

  test('a saved view keeps the comparison, the bucket size, the stacking and the category', async () => {
    const before = addressParams();
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: 'Save this view...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByLabel('Name').fill('Intake a year on');
    await dialog.getByLabel('Name').press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/trends');
    await page.getByRole('heading', { name: 'Demo Booking Trends' }).waitFor();
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: 'Intake a year on', exact: true }).click();
    await waitForParam('categoryId', String(intakeId));
    const after = addressParams();
    for (const name of ['start', 'end', 'compare', 'granularity', 'stackBy', 'categoryId']) {
      expect(after.get(name), name).toBe(before.get(name));
    }
    await panel('Bookings per Week').waitFor();
    expect(await page.getByLabel('Compare with').inputValue()).toBe('year');
    expect(await panel('Top Vendors').getByLabel('Category').inputValue()).toBe(String(intakeId));
  });

  test('custom dates compare with the dates picked', async () => {
    await page.getByLabel('Compare with').selectOption({ label: 'Custom dates' });
    await page.getByText('Pick both dates to compare with.').waitFor();
    await page.getByLabel('Compare from').fill('2026-01-06');
    await page.getByLabel('Compare to').fill('2026-03-03');
    await waitForParam('compareEnd', '2026-03-03');
    await page.getByText('compared with Jan 6, 2026 to Mar 3, 2026 (custom dates)').waitFor();
    await card('Total Demos').getByText('+39, too few bookings to call a trend').waitFor();
  });

  test('axe finds nothing at desktop and phone width; screenshots', async () => {
    await page.goto(`${PERIOD}&compare=year&granularity=week&categoryId=${intakeId}`);
    await panel('Top Vendors').getByRole('link', { name: intakeA.name, exact: true }).waitFor();
    await panel('Bookings per Week').getByRole('img').waitFor();
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(200);
      await expectNoViolations(`/trends at ${width}`);
      // Nothing (a chart's hidden table included) makes the page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await browser.screenshot(`trends-analyst-${width}`);
      await panel('Bookings per Week').screenshot({
        path: path.join(screenshotDir, `trends-analyst-series-${width}.png`),
        animations: 'disabled',
      });
    }
    await browser.setWidth(1280);
  });
});
