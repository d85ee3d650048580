import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, screenshotDir, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// What leaves Litstack says what it is (issue 78): on a fresh install's sample bookings, every
// /trends CSV opens with its header (what it counts in its name), "Download CSV" of the bookings
// holds every one of them, and a chart's PNG says "Sample data" on the image, cut nowhere.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer({ sampleData: true, timeoutMs: 110_000 });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { name: 'Ex Port', email: 'ex@port-law.test', password: 'exports-please-1', lawFirm: 'Port Law' },
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

const panel = (title: string | RegExp) => page.getByRole('region', { name: title });

/** RFC 4180 rows: quoted cells ("" for a quote; commas and line breaks inside), CRLF ends. */
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

/** A downloaded CSV as a spreadsheet reads it: the header the first line, every row as wide. */
async function csvOf(download: Download): Promise<{ header: string[]; rows: string[][] }> {
  const text = (await readFile(await download.path())).toString('utf8');
  const [header, ...rows] = parseCsv(text);
  expect(header!.length, text.slice(0, 300)).toBeGreaterThan(1);
  expect(header!.every((cell) => cell !== '' && !/^(Report|Filters|Period|Sample bookings)$/.test(cell))).toBe(true);
  for (const row of rows.slice(0, 2000)) expect(row.length).toBe(header!.length);
  return { header: header!, rows };
}

async function save(trigger: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return download;
}

async function expectNoViolations(where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

test('every /trends CSV starts with its header, its name says what it counts, the bookings file holds them all', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/trends');
  const bookings = panel('Recent Demo Bookings');
  await bookings.getByText(/^Showing 1-6 of [\d,]+ results$/).waitFor();
  const shown = await bookings.getByText(/^Showing 1-6 of/).innerText();
  const total = Number(/of ([\d,]+) results/.exec(shown)![1]!.replace(/,/g, ''));
  expect(total).toBeGreaterThan(1000);
  await expectNoViolations('/trends at 1280 px');

  const files: Array<[string, string, string]> = [
    ['Summary', 'Download CSV of the summary', 'Measure'],
    ['Bookings by Category', 'Download CSV of Bookings by Category', 'Category'],
    [/^Bookings per (Day|Week|Month)$/.source, 'Download CSV of Bookings per Day', 'Bucket start'],
    ['Top Vendors', 'Download CSV of Top Vendors', 'Vendor'],
    ['Geographic Distribution', 'Download CSV of Geographic Distribution', 'State'],
  ];
  for (const [title, button, first] of files) {
    const region = title.startsWith('^') ? panel(new RegExp(title)) : panel(title);
    const download = await save(() => region.getByRole('button', { name: button }).click());
    // The sample is counted: the name says so, as the lines above the header did.
    expect(download.suggestedFilename(), title).toMatch(/^trends-[a-z]+_\d{4}-\d\d-\d\d_to_\d{4}-\d\d-\d\d_includes-sample-data\.csv$/);
    const { header } = await csvOf(download);
    expect(header[0], title).toBe(first);
  }

  // "Download CSV" of the bookings: every one, not the page on screen, each marked sample.
  const all = await save(() => bookings.getByRole('link', { name: /^Download CSV of all [\d,]+ matching demo bookings$/ }).click());
  expect(all.suggestedFilename()).toMatch(/^demo-bookings_\d{4}-\d\d-\d\d_to_\d{4}-\d\d-\d\d_includes-sample-data\.csv$/);
  const { header, rows } = await csvOf(all);
  expect(header).toEqual(['Id', 'Created', 'Category', 'Vendor', 'Firm size', 'City', 'State', 'Metro area', 'Sample']);
  expect(rows).toHaveLength(total);
  expect(rows.every((row) => row[8] === 'yes')).toBe(true);

  // Under a state filter the name carries it.
  await page.goto('/trends?state=TX');
  await bookings.getByText(/^Showing 1-6 of [\d,]+ results$/).waitFor();
  const texas = await save(() => bookings.getByRole('link', { name: /^Download CSV of all/ }).click());
  expect(texas.suggestedFilename()).toMatch(/_state-TX_includes-sample-data\.csv$/);
  const inTexas = await csvOf(texas);
  expect(inTexas.rows.length).toBeGreaterThan(0);
  expect(inTexas.rows.every((row) => row[6] === 'TX')).toBe(true);

  // On a phone the same link, whole on screen.
  await browser.setWidth(390);
  await page.waitForTimeout(200);
  const link = bookings.getByRole('link', { name: /^Download CSV of all/ });
  await link.scrollIntoViewIfNeeded();
  const box = (await link.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoViolations('/trends at 390 px');
  await browser.setWidth(1280);
}, 120_000);

test('a chart PNG of sample data says "Sample data" on the image and cuts no value', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/trends?compare=previous&start=2026-01-01&end=2026-06-30');
  const categories = panel('Bookings by Category');
  await categories
    .getByRole('button', { name: /bookings/ })
    .first()
    .waitFor();
  const bars = await save(() => categories.getByRole('button', { name: 'Download PNG of Bookings by Category' }).click());
  const png = await readFile(await bars.path());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Kept beside the screenshots, to be looked at.
  await writeFile(path.join(screenshotDir, 'exports-categories-sample.png'), png);

  // Drawn again in the page to read its pixels: the amber "Sample data" line is there, and the
  // rightmost ink of every bar row stops short of the image's edge (the value text is whole).
  const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
  const seen = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(image, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, image.width, image.height);
    let amber = 0;
    let rightmostInk = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const [r, g, b] = [data[(y * width + x) * 4]!, data[(y * width + x) * 4 + 1]!, data[(y * width + x) * 4 + 2]!];
        // #b45309, the sample line's colour (anti-aliased text keeps its hue).
        if (r > 140 && r > g + 50 && g > b + 40) amber += 1;
        if (r + g + b < 600) rightmostInk = Math.max(rightmostInk, x);
      }
    }
    return { amber, rightmostInk, width };
  }, dataUrl);
  expect(seen.amber).toBeGreaterThan(50);
  expect(seen.rightmostInk).toBeLessThan(seen.width - 8);

  const series = panel(/^Bookings per (Day|Week|Month)$/);
  const chart = await save(() => series.getByRole('button', { name: /^Download PNG of Bookings per/ }).click());
  const seriesPng = await readFile(await chart.path());
  await writeFile(path.join(screenshotDir, 'exports-series-sample.png'), seriesPng);
  expect(seriesPng.readUInt32BE(16)).toBeGreaterThan(600);

  // A print of the page says so too: the sample banner is printed.
  await page.emulateMedia({ media: 'print' });
  await expect(
    page
      .getByRole('note')
      .filter({ hasText: /generated sample data/ })
      .isVisible(),
  ).resolves.toBe(true);
  await page.emulateMedia({ media: 'screen' });
}, 120_000);
