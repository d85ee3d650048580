import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Forms that remember (issue 45): a reopened questionnaire shows the firm's latest answers and
// its results open at their top; a dismissed pick has Undo and its stage refills from the
// remaining candidates; the Import page refuses a file that is not a CSV before uploading it.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const stageButton = (title: string) => page.getByRole('button', { name: new RegExp(`^${title} `) });
const stagePanel = (title: string) => page.getByRole('region', { name: title, exact: true });

async function names(cards: Locator): Promise<string[]> {
  await cards.first().waitFor();
  const out: string[] = [];
  for (let i = 0; i < (await cards.count()); i += 1) out.push((await cards.nth(i).getAttribute('aria-label')) ?? '');
  return out;
}

async function expectNoAxeViolations(what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

async function expectNoSidewaysScroll(what: string) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, what).toBeLessThanOrEqual(innerWidth);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  // The first account is the install's administrator, who may import.
  await signUpAndOnboard(page, 'rita@remember-law.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('forms that remember', () => {
  const chosen: string[] = [];

  test('the questionnaire’s results open at their top', async () => {
    await page.goto('/matches?categoryId=1');
    const dialog = page.getByRole('dialog');
    const groups = dialog.locator('fieldset');
    await groups.first().waitFor();
    // Each question's last option: answers a fresh form would not show by itself.
    for (let i = 0; i < (await groups.count()); i += 1) {
      const option = groups.nth(i).locator('input').last();
      await option.check();
      chosen.push(await option.inputValue());
    }
    const form = dialog.locator('form');
    // The person has scrolled to the last question.
    await form.evaluate((el) => el.parentElement?.scrollTo({ top: el.parentElement.scrollHeight }));
    expect(await form.evaluate((el) => el.parentElement?.scrollTop ?? 0)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Get Recommendations' }).click();
    await dialog.getByRole('heading', { name: 'Your Recommendations' }).waitFor();
    const results = dialog.getByTestId('questionnaire-results');
    const intro = dialog.getByText(/^Based on your answers, here are the top \d recommended vendors:$/);
    await intro.waitFor();
    expect(await results.evaluate((el) => el.parentElement?.scrollTop)).toBe(0);
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      const body = (await results.evaluate((el) => el.parentElement!.getBoundingClientRect().toJSON())) as DOMRect;
      const introBox = (await intro.boundingBox())!;
      expect(introBox.y, `the header of the results is in view at ${width}`).toBeGreaterThanOrEqual(body.y);
      expect(introBox.y + introBox.height).toBeLessThanOrEqual(body.y + body.height);
      await browser.screenshot(`questionnaire-results-top-${width}`, { fullPage: false });
      await expectNoAxeViolations(`the questionnaire's results at ${width}`);
    }
    await browser.setWidth(1440);
    // Focus moved to the results (the button that had it is gone), not to the page behind.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('questionnaire-results');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('a reopened questionnaire shows the firm’s latest answers', async () => {
    await page.goto('/matches');
    await page.goto('/matches?categoryId=1');
    const dialog = page.getByRole('dialog');
    const groups = dialog.locator('fieldset');
    await groups.first().waitFor();
    await dialog.getByText(/^These are your firm's answers of [A-Z][a-z]{2} \d{1,2}, \d{4}\. Change any of them/).waitFor();
    expect(await groups.count()).toBe(chosen.length);
    for (let i = 0; i < chosen.length; i += 1) {
      const checked = await groups
        .nth(i)
        .locator('input:checked')
        .evaluateAll((inputs) => inputs.map((el) => (el as HTMLInputElement).value));
      expect(checked, `question ${i + 1}`).toEqual([chosen[i]]);
    }
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      await browser.screenshot(`questionnaire-reopened-${width}`, { fullPage: false });
      await expectNoAxeViolations(`the reopened questionnaire at ${width}`);
    }
    await browser.setWidth(1440);
    // Changing an answer keeps the others, and the note says where they started from.
    await groups.first().locator('input').first().check();
    await dialog.getByText(/^Started from your firm's answers of /).waitFor();
    expect(
      await groups
        .nth(1)
        .locator('input:checked')
        .evaluateAll((inputs) => inputs.map((el) => (el as HTMLInputElement).value)),
    ).toEqual([chosen[1]]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('Dismiss has Undo, and the stage refills from the remaining candidates', async () => {
    await page.goto('/matches');
    await page.getByRole('button', { name: 'Pick For Me' }).click();
    // Lead Generation's picks came from its questionnaire: Pick For Me asks before replacing them.
    await page.getByRole('dialog').getByRole('button', { name: 'Keep them' }).click();
    // It replaced no picks (the questionnaire's stay): a first load, not a refresh.
    await toast('Recommendations loaded!').waitFor();
    await stageButton('Intake').click();
    const panel = stagePanel('Intake');
    const cards = panel.getByRole('article');
    const before = await names(cards);
    expect(before).toHaveLength(3);

    const [gone, ...kept] = before as [string, ...string[]];
    await panel.getByRole('button', { name: `Dismiss ${gone}` }).click();
    const ask = page.getByRole('dialog', { name: `Dismiss ${gone}?` });
    await ask.getByLabel('Already evaluated').check();
    await ask.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await toast('Vendor dismissed').waitFor();
    await panel.getByRole('article', { name: gone, exact: true }).waitFor({ state: 'detached' });
    // Three picks again: the two kept, in their order, and the next candidate.
    await expect.poll(async () => (await names(cards)).length).toBe(3);
    const after = await names(cards);
    expect(after.slice(0, 2)).toEqual(kept);
    expect(before).not.toContain(after[2]);

    // F8 reaches the toast, which stays open while it has focus, for the screenshots.
    await page.keyboard.press('F8');
    const undo = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      await expectNoSidewaysScroll(`/matches with the Undo toast at ${width}`);
      // The refilled stage in view beside the toast.
      await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await browser.screenshot(`matches-dismiss-undo-${width}`, { fullPage: false });
      await expectNoAxeViolations(`/matches with the Undo toast at ${width}`);
    }
    await browser.setWidth(1440);
    await undo.click();
    await toast('Dismissal undone').waitFor();
    await toast(`${gone} is back in your picks`).waitFor();
    await expect.poll(async () => names(cards)).toEqual(before);
    await page.reload();
    await stageButton('Intake').click();
    expect(await names(stagePanel('Intake').getByRole('article'))).toEqual(before);
  });

  test('choosing a .pdf on the Import page says Invalid File and uploads nothing', async () => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/demo-bookings/import') uploads.push(request.method());
    });
    await page.goto('/admin/import');
    await page.getByRole('heading', { name: 'CSV Format Requirements' }).waitFor();
    const input = page.getByLabel('CSV file', { exact: true });
    await input.setInputFiles({ name: 'bookings.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n') });
    await toast('Invalid File').waitFor();
    await toast('Please select a valid CSV file.').waitFor();
    expect(await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0), 'the choice is cleared').toBe(0);
    await page.getByRole('button', { name: 'Import Demo Bookings' }).click();
    await toast('No File Selected').waitFor();
    // A .pdf after a good file: the good one is dropped too, so nothing is sent.
    await input.setInputFiles({ name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from('Category,Created Time\n') });
    await input.setInputFiles({ name: 'scan.PDF', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') });
    await toast('Invalid File').waitFor();
    await page.getByRole('button', { name: 'Import Demo Bookings' }).click();
    await toast('No File Selected').waitFor();
    expect(uploads).toEqual([]);
  });
});
