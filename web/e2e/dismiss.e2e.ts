import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Dismissing a pick with a reason, told as one story: a questionnaire's picks, the dismiss
// dialog (its checks, then "Too expensive"), the next questionnaire ranked and explained without
// it, /past's Dismissed filter, and Undo bringing it back.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const stagePanel = (title: string) => page.getByRole('region', { name: title, exact: true });
const PENALTY_ROW = 'Price, after your dismissal';

let dismissed = '';
let bracket = 0;

/** Answers Lead Generation's questionnaire with every first option; returns the result cards. */
async function questionnaireResults(): Promise<Locator> {
  await page.goto('/matches?categoryId=1');
  const dialog = page.getByRole('dialog');
  const groups = dialog.locator('fieldset');
  await groups.first().waitFor();
  for (let i = 0; i < (await groups.count()); i += 1) {
    await groups.nth(i).locator('input').first().check();
  }
  await dialog.getByRole('button', { name: 'Get Recommendations' }).click();
  await dialog.getByRole('heading', { name: 'Your Recommendations' }).waitFor();
  return dialog.getByRole('article');
}

async function names(cards: Locator): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < (await cards.count()); i += 1) out.push((await cards.nth(i).getAttribute('aria-label')) ?? '');
  return out;
}

/** The price bracket (1-4) a card shows, from its "Price: Moderate (2 of 4)" label; 0 if none. */
async function bracketOf(card: Locator): Promise<number> {
  const price = card.getByRole('img', { name: /^Price: / });
  if ((await price.count()) === 0) return 0;
  const label = (await price.getAttribute('aria-label')) ?? '';
  return Number(/\((\d) of 4\)/.exec(label)?.[1] ?? 0);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await signUpAndOnboard(page, 'dana@dismiss-law.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('dismissing a pick with a reason', () => {
  test('the dismiss X asks why, and Other needs a few words', async () => {
    const first = await questionnaireResults();
    expect(await first.count()).toBe(3);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    const panel = stagePanel('Lead Generation');
    const card = panel.getByRole('article').first();
    await card.waitFor();
    dismissed = (await card.getAttribute('aria-label')) ?? '';
    bracket = await bracketOf(card);
    expect(bracket, 'the seed gives the first pick a price bracket').toBeGreaterThan(0);

    await card.getByRole('button', { name: `Dismiss ${dismissed}` }).click();
    const ask = page.getByRole('dialog', { name: `Dismiss ${dismissed}?` });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await ask.getByText('Choose a reason.').waitFor();
    // Keyboard: the reasons are a radio group.
    await ask.getByLabel('Other').check();
    await ask.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await ask.getByText('Say why in a few words.').waitFor();
    const text = ask.getByLabel('Your reason');
    await text.fill('x'.repeat(250));
    expect((await text.inputValue()).length, 'the field stops at 200 characters').toBe(200);
    await browser.screenshotAtWidths('dismiss-dialog', { fullPage: false });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await panel.getByRole('article', { name: dismissed }).count()).toBe(1);
  });

  test('dismissed as too expensive, the next ranking leaves it out and lowers its price bracket and above', async () => {
    const panel = stagePanel('Lead Generation');
    await panel.getByRole('button', { name: `Dismiss ${dismissed}` }).click();
    const ask = page.getByRole('dialog', { name: `Dismiss ${dismissed}?` });
    await ask.getByLabel('Too expensive').focus();
    await page.keyboard.press('Space');
    await ask.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await toast('Vendor dismissed').waitFor();
    await panel.getByRole('article', { name: dismissed }).waitFor({ state: 'detached' });

    const cards = await questionnaireResults();
    expect(await names(cards)).not.toContain(dismissed);
    const detail = `You dismissed ${dismissed} as too expensive: vendors at ${'$'.repeat(bracket)} or above score lower`;
    for (let i = 0; i < (await cards.count()); i += 1) {
      const card = cards.nth(i);
      await card.getByRole('button', { name: 'How this was ranked' }).click();
      const row = card.getByRole('row', { name: new RegExp(PENALTY_ROW) });
      await row.getByText(detail).waitFor();
      const lowered = (await bracketOf(card)) >= bracket;
      await row.getByText(lowered ? '-15 (lowered)' : 'No change').waitFor();
    }
    await browser.screenshotAtWidths('dismiss-breakdown', { fullPage: false });
  });

  test('/past lists it under Dismissed with its reason, and Undo brings it back into the ranking', async () => {
    await page.goto('/past');
    await page.getByRole('button', { name: 'Dismissed' }).click();
    await page.waitForURL('**/past?show=dismissed');
    const card = page.getByRole('article', { name: dismissed });
    await card.getByText('Too expensive').waitFor();
    await card.getByText('Dismissed on:').waitFor();
    await browser.screenshotAtWidths('past-dismissed');

    await page.reload();
    await card.getByText('Too expensive').waitFor();
    await card.getByRole('button', { name: `Undo dismissing ${dismissed}` }).click();
    await toast('Dismissal undone').waitFor();
    await page.getByText("You haven't dismissed any recommended vendor.").waitFor();

    const cards = await questionnaireResults();
    expect(await names(cards)).toContain(dismissed);
    await cards.first().getByRole('button', { name: 'How this was ranked' }).click();
    await cards.first().getByRole('table').getByRole('rowheader', { name: 'Matches your needs' }).waitFor();
    expect(await cards.first().getByRole('rowheader', { name: PENALTY_ROW }).count()).toBe(0);
  });
});
