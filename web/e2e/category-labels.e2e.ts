import { readFile } from 'node:fs/promises';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// One label per category (issue 77): Matches, Trends (and its downloaded CSV), Past Matches and
// Manage Vendors name a category by the one label the API gives it. The three stages whose
// category has another name read "Case Setup & Document Drafting", "Trial Prep & Presentation"
// and "Post-Settlement / Payments" on every screen, never "Document Drafting", "Trial Support" or
// "Financial Services". Screenshots at 1280 and 390 px.

const LABELS = ['Case Setup & Document Drafting', 'Trial Prep & Presentation', 'Post-Settlement / Payments'];

let server: TestServer;
let browser: TestBrowser;
let page: Page;

/** The bare category names a screen must not show (the labels above contain the first). */
function bareNames(text: string): string[] {
  const rest = text.replaceAll('Case Setup & Document Drafting', '');
  return ['Document Drafting', 'Trial Support', 'Financial Services'].filter((name) => rest.includes(name));
}

async function expectLabelsOnly(where: Locator, what: string) {
  const text = await where.innerText();
  for (const label of LABELS) expect(text, `${what} names ${label}`).toContain(label);
  expect(bareNames(text), `${what} shows a category's bare name:\n${text}`).toEqual([]);
}

async function shoot(name: string) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    await browser.screenshot(`${name}-${width}`);
  }
  await browser.setWidth(1280);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.setWidth(1280);
  // The install's first account: its administrator.
  await signUpAndOnboard(page);
  // Bookings of the last days, each category named by its name, as booking exports name them.
  const day = 24 * 3_600_000;
  const rows = ['Trial Support', 'Financial Services', 'Document Drafting', 'Intake'].flatMap((category, i) =>
    Array.from(
      { length: 3 + i },
      (_, n) => `${category},SOLO,"Austin, TX",TX,Austin,${new Date(Date.now() - (n + 1) * day).toISOString()}`,
    ),
  );
  const csv = `Category,Firm Size,City State,State,DMA,Created Time\n${rows.join('\n')}\n`;
  const imported = await page.request.post('/api/admin/demo-bookings/import', {
    multipart: { file: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  expect((await imported.json()).inserted).toBe(rows.length);
  // Picks in every stage, which Past Matches lists.
  const picked = await page.request.post('/api/recommendations/pick-for-me');
  expect(picked.ok(), await picked.text()).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('one label per category', () => {
  test('Matches titles the stages with their labels', async () => {
    await page.goto('/matches');
    const stages = page.getByRole('region', { name: 'Stages of a case' });
    await stages.getByRole('button', { name: /Trial Prep & Presentation/ }).waitFor();
    await expectLabelsOnly(stages, 'Matches');
    await expectLabelsOnly(page.getByRole('main'), 'Matches');
    await shoot('category-labels-matches');
  });

  test('Trends and its downloaded CSV name the categories by their labels', async () => {
    await page.goto('/trends');
    const bars = page.getByRole('list', { name: 'Bookings per category' });
    await bars.getByRole('button', { name: /Trial Prep & Presentation/ }).waitFor();
    await expectLabelsOnly(bars, 'Bookings by Category');
    const recent = page.getByRole('region', { name: 'Recent Demo Bookings', exact: true });
    await recent.getByRole('table').waitFor();
    const table = await recent.getByRole('table').innerText();
    expect(table).toContain('Trial Prep & Presentation');
    expect(bareNames(table), table).toEqual([]);
    expect(bareNames(await page.getByRole('main').innerText())).toEqual([]);
    await shoot('category-labels-trends');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV of Bookings by Category' }).click(),
    ]);
    const file = await readFile((await download.path())!, 'utf8');
    for (const label of LABELS) expect(file).toContain(label);
    expect(bareNames(file), file).toEqual([]);
  });

  test('Past Matches names the categories of its filter and cards by their labels', async () => {
    await page.goto('/past');
    const filter = page.getByRole('group', { name: 'Filter by category' });
    await filter.getByRole('button', { name: 'Trial Prep & Presentation' }).waitFor();
    await expectLabelsOnly(filter, 'the category filter');
    await page
      .getByText(/^Recommended on /)
      .first()
      .waitFor();
    expect(bareNames(await page.getByRole('main').innerText())).toEqual([]);
    // A card of a relabelled stage shows its label.
    await filter.getByRole('button', { name: 'Trial Prep & Presentation' }).click();
    await page
      .getByText(/^Recommended on /)
      .first()
      .waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText('Trial Prep & Presentation', { exact: true }).count()).toBeGreaterThan(1);
    expect(bareNames(await main.innerText())).toEqual([]);
    await shoot('category-labels-past');
  });

  test('Manage Vendors names each vendor’s category by its label', async () => {
    const names: string[] = [];
    for (const id of [3, 7, 8]) {
      const res = await page.request.get(`/api/vendors?categoryIds=${id}&pageSize=1`);
      names.push(((await res.json()) as { items: Array<{ name: string }> }).items[0]!.name);
    }
    await page.goto('/admin/vendors');
    const search = page.getByLabel('Search vendors');
    for (const [i, name] of names.entries()) {
      await search.fill(name);
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }) });
      await row.first().waitFor();
      const text = await row.first().innerText();
      expect(text).toContain(LABELS[i]);
      expect(bareNames(text), text).toEqual([]);
      if (i === 1) await shoot('category-labels-manage-vendors');
    }
  });
});
