import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// A category that is not one of the nine stages (Practice Management, the largest Trends bar) is
// as reachable as a stage: from its bar, through the questionnaire, to its picks on /matches
// under "Across the firm". Real bookings are the evidence; /past keeps a clean address.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const DAY = 24 * 3_600_000;
const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const acrossTheFirm = () => page.getByRole('region', { name: 'Across the firm' });

/** 14 real Practice Management bookings by firms of 6-20 (8 Clio Manage, 6 Filevine), 3 Intake. */
function bookingsCsv(now: number): string {
  const lines = ['Category,Client,Firm Size,City State,State,DMA,Created Time'];
  const rows: Array<[string, string]> = [
    ...Array.from({ length: 8 }, (): [string, string] => ['Practice Management', 'Clio Manage']),
    ...Array.from({ length: 6 }, (): [string, string] => ['Practice Management', 'Filevine']),
    ...Array.from({ length: 3 }, (): [string, string] => ['Intake', 'Lawmatics']),
  ];
  rows.forEach(([category, client], i) => {
    lines.push(`${category},${client},E6_20,"Austin, TX",TX,Austin,${new Date(now - (i + 1) * DAY).toISOString()}`);
  });
  return `${lines.join('\n')}\n`;
}

/** Answers every question with its first option, then asks for recommendations. */
async function answerAndSubmit() {
  const dialog = page.getByRole('dialog');
  const groups = dialog.locator('fieldset');
  await groups.first().waitFor();
  for (let i = 0; i < (await groups.count()); i += 1) {
    await groups.nth(i).locator('input').first().check();
  }
  await dialog.getByRole('button', { name: 'Get Recommendations' }).click();
  await dialog.getByRole('heading', { name: 'Your Recommendations' }).waitFor();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  // The first account is the admin, so it may import the bookings.
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: {
      name: 'Ada Lovelace',
      email: 'ada@lovelace-law.test',
      password: 'analytical-engine-1843',
      lawFirm: 'Lovelace Injury Law',
      firmSize: 'E6_20',
    },
  });
  expect(signUp.status()).toBe(201);
  const onboarding = await page.request.post('/api/profile/onboarding', {
    data: {
      attorneysCountBand: 'A2_5',
      employeesCountBand: 'E11_50',
      injuryCasesPerMonthBand: 'C11_25',
      annualSoftwareSpendBand: 'S10_40K',
    },
  });
  expect(onboarding.ok()).toBe(true);
  const imported = await page.request.post('/api/admin/demo-bookings/import', {
    multipart: { file: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(bookingsCsv(Date.now())) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).inserted).toBe(17);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every category is reachable on /matches', () => {
  test('the Practice Management bar leads through the questionnaire to its picks under "Across the firm"', async () => {
    await page.goto('/trends');
    await page.getByRole('button', { name: '14 Practice Management bookings' }).click();
    await page.waitForURL(/\/matches\?categoryId=10$/);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Questionnaire' }).waitFor();
    await answerAndSubmit();
    const cards = dialog.getByRole('article');
    expect(await cards.count()).toBe(3);
    await cards
      .first()
      .getByText(/^Meets /)
      .waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/matches\?showCategory=Practice%20Management$/);
    await dialog.waitFor({ state: 'detached' });

    const panel = acrossTheFirm().getByRole('region', { name: 'Practice Management', exact: true });
    await panel.getByRole('article').first().waitFor();
    expect(await panel.getByRole('article').count()).toBe(3);
    expect(await page.getByText('Category not found', { exact: true }).count()).toBe(0);
    expect(
      await acrossTheFirm()
        .getByRole('button', { name: /^Practice Management / })
        .innerText(),
    ).toContain('In Progress');
    // Outside the nine stages: the progress is unchanged.
    await page.getByText('0 of 9 stages completed').waitFor();
    await browser.setWidth(1280);
    await browser.screenshot('matches-across-the-firm-1280');
    await browser.setWidth(390);
    await browser.screenshot('matches-across-the-firm-390');
    await browser.setWidth(1440);
  });

  test('the five categories outside the stages are listed, each with its questionnaire', async () => {
    for (const name of ['Practice Management', 'Document Management', 'Marketing Services', 'E-Discovery', 'Financial Management']) {
      await acrossTheFirm()
        .getByRole('button', { name: new RegExp(`^${name} `) })
        .waitFor();
    }
    await acrossTheFirm()
      .getByRole('button', { name: /^E-Discovery / })
      .click();
    const panel = acrossTheFirm().getByRole('region', { name: 'E-Discovery', exact: true });
    await panel.getByText('Run Pick For Me or complete the questionnaire to see tailored picks.').waitFor();
    await panel.getByRole('button', { name: 'Get Recommendation' }).click();
    await page.waitForURL(/\/matches\?categoryId=13$/);
    await page.getByRole('dialog').getByRole('heading', { name: 'Questionnaire' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  test('a name no category has still says "Category not found"', async () => {
    await page.goto('/matches?showCategory=Nope');
    await toast('Category not found').waitFor();
    await toast('Could not find Nope').waitFor();
  });

  test('Pick For Me quotes real bookings and names the widest fallback for the page', async () => {
    await page.goto('/matches');
    await page.getByRole('button', { name: 'Pick For Me' }).click();
    // Practice Management's picks came from its questionnaire: Pick For Me asks before replacing.
    const ask = page.getByRole('dialog', { name: 'Replace the picks from your Practice Management questionnaire?' });
    await ask.getByRole('button', { name: 'Keep them' }).waitFor();
    await browser.screenshotAtWidths('matches-replace-picks', { fullPage: false });
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await ask.getByRole('button', { name: 'Replace them' }).click();
    // Practice Management's picks were made after the import: nothing new to claim.
    await toast('No new data since your last picks').waitFor();
    // Only Practice Management and Intake have real bookings: the page names the categories
    // ranked by fit, never Practice Management, whose cards quote its bookings.
    const banner = page.getByRole('note').filter({ hasText: /^Not every category rests on demo bookings by firms of your size\. / });
    await banner.getByText(/Staffing.* have no recent demo bookings, so their picks rest on what your firm told us\./).waitFor();
    expect(await banner.innerText()).not.toMatch(/Practice Management/);
    await acrossTheFirm()
      .getByRole('button', { name: /^Practice Management / })
      .click();
    const panel = acrossTheFirm().getByRole('region', { name: 'Practice Management', exact: true });
    await panel
      .getByRole('article', { name: 'Clio Manage' })
      .getByText('8 demo bookings by firms of 6-20 employees in the last 90 days')
      .waitFor();
    await panel
      .getByRole('article', { name: 'Filevine' })
      .getByText('6 demo bookings by firms of 6-20 employees in the last 90 days')
      .waitFor();
    await page.getByText(/of 9 stages completed/).waitFor();
  });

  test('/past drops unknown categories and clamps the page in its address', async () => {
    await page.goto('/past?categoryIds=10,999,abc&page=7');
    await page.waitForURL(/\/past\?categoryIds=10$/);
    await page.getByRole('article').first().waitFor();
    expect(
      await page
        .getByRole('group', { name: 'Filter by category' })
        .getByRole('button', { name: 'Practice Management' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page.goto('/past?page=x');
    await page.waitForURL(/\/past$/);
    await page.getByRole('article').first().waitFor();
    await browser.setWidth(1280);
    await browser.screenshot('past-normalised-1280', { fullPage: false });
    await browser.setWidth(390);
    await browser.screenshot('past-normalised-390', { fullPage: false });
    await browser.setWidth(1440);
  });
});
