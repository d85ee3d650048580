import path from 'node:path';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, screenshotDir, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// A new firm's way through recommendations, told as one story: Pick For Me, two questionnaires,
// a dismissal that lasts, Clear picks, progress, the history on /past, and a second user who sees
// none of it.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const stageButton = (title: string) => page.getByRole('button', { name: new RegExp(`^${escape(title)} `) });
const stagePanel = (title: string) => page.getByRole('region', { name: title, exact: true });
const questionnaire = () => page.getByRole('dialog');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

async function signUp(name: string, email: string) {
  await page.goto('/auth/sign-up');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-and-unusual-passphrase-42');
  await page.getByLabel('Law Firm').fill(`${name} Injury Law`);
  await page.getByLabel('Firm Size (optional)').selectOption({ label: '6-20' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/matches');
  const dialog = page.getByRole('dialog', { name: 'Tell us about your firm' });
  await dialog.waitFor();
  await dialog
    .getByRole('group', { name: /attorneys/ })
    .getByLabel('2-5')
    .check();
  await dialog
    .getByRole('group', { name: /employ/ })
    .getByLabel('11-50')
    .check();
  await dialog
    .getByRole('group', { name: /injury cases/ })
    .getByLabel('11-25')
    .check();
  await dialog.getByLabel('$10,001-$40,000').check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The colour a person sees behind a button or link. */
const background = (el: Locator) => el.evaluate((e) => getComputedStyle(e).backgroundColor);

/** Presses Tab until `target` has the focus (it must be reached within `max` presses). */
async function tabTo(target: Locator, max = 20) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((e) => e === document.activeElement)) return;
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

/** No sideways scroll at the phone's and a laptop's widths (issue 45). */
async function expectNoSidewaysScroll(what: string) {
  for (const width of [390, 1280]) {
    await browser.setWidth(width);
    await page.waitForTimeout(100);
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scrollWidth, `${what} at ${width} px`).toBeLessThanOrEqual(innerWidth);
  }
  await browser.setWidth(1440);
}

async function progress(): Promise<string> {
  return (await page.getByRole('region', { name: 'Progress' }).innerText()).replace(/\s+/g, ' ');
}

/** Stages completed on the server (a tool or a final decision): what the banner must say. */
async function completedOnServer(): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/recommendations/overview', { credentials: 'include' });
    return ((await res.json()) as { stagesCompleted: number }).stagesCompleted;
  });
}

/** Every category's saved picks on the server: its id, source and the vendors picked. */
async function picksOnServer(): Promise<string[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/recommendations/persisted', { credentials: 'include' });
    type Item = { categoryId: number; source: string; picks: { vendorId: number }[] };
    const items = ((await res.json()) as { items: Item[] }).items.filter((i) => i.picks.length > 0);
    return items.map((i) => `${i.categoryId} ${i.source}: ${i.picks.map((p) => p.vendorId).join(',')}`);
  });
}

async function expectNoAxeViolations(what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

/**
 * As a keyboard user does: F8 to the notifications (which holds the toast open while focus is
 * there), then Tab to the button and Enter.
 */
async function focusToasts() {
  await page.keyboard.press('F8');
}

async function pressInToast(name: string) {
  for (let i = 0; i < 5; i += 1) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) break;
    await page.keyboard.press('Tab');
  }
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(name);
  await page.keyboard.press('Enter');
}

/** Answers every question with its first option, then asks for recommendations. */
async function answerAndSubmit() {
  const dialog = questionnaire();
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
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('recommendations for a new firm', () => {
  test('starts with nine stages, none completed, and no Clear picks', async () => {
    await signUp('Grace Hopper', 'grace@hopper-law.test');
    await page.getByRole('heading', { name: 'Get Recommendations' }).waitFor();
    expect(await progress()).toContain('0 of 9 stages completed');
    expect(await progress()).toContain('0% through your litigation lifecycle');
    for (const title of ['Lead Generation', 'Intake', 'Case Setup & Document Drafting', 'Staffing']) {
      await stageButton(title).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Clear picks' }).count()).toBe(0);
    await stageButton('Lead Generation').click();
    await stagePanel('Lead Generation').getByText('Run Pick For Me or complete the questionnaire to see tailored picks.').waitFor();
    const browse = stagePanel('Lead Generation').getByRole('link', { name: 'Browse all Lead Generation vendors' });
    expect(await browse.getAttribute('href')).toBe('/vendors?categoryIds=1');
    await browser.screenshotAtWidths('matches-empty');
  });

  test('Pick For Me fills the stages and says which data it used', async () => {
    await page.getByRole('button', { name: 'Pick For Me' }).click();
    await toast('Recommendations loaded!').waitFor();
    // Not "based on similar firms": no booking has been imported on this server.
    await toast('Showing picks that fit your firm; no demo bookings have been imported yet').waitFor();
    await page.getByRole('button', { name: 'Clear picks' }).waitFor();
    // Picks are not decisions (issue 45): every stage is in progress, none completed, and the
    // banner is the page's one progress figure.
    expect(await completedOnServer()).toBe(0);
    const banner = page.getByRole('region', { name: 'Progress' });
    await banner.getByText('Your tech stack has tools for 0 stages; 9 stages in progress.', { exact: true }).waitFor();
    expect(await progress()).toContain('0 of 9 stages completed');
    expect(await progress()).toContain('0% through your litigation lifecycle');
    for (const title of ['Lead Generation', 'Intake', 'Staffing']) {
      expect(await stageButton(title).innerText()).toContain('In Progress');
    }
    expect(await page.getByRole('region', { name: 'Your coverage' }).count()).toBe(0);
    expect(await page.getByText(/Your firm covers/).count()).toBe(0);
    const panel = stagePanel('Lead Generation');
    await panel.getByRole('article').first().waitFor();
    expect(await panel.getByRole('article').count()).toBe(3);
    // No demo bookings on this server: the page says the picks rest on what the firm told us,
    // and points an administrator to the import.
    await page
      .getByRole('note')
      .getByText(
        'No demo bookings have been imported yet, so the picks rest on what your firm told us: its size, software spend, tech stack and dismissals. An administrator can import bookings under Import.',
      )
      .waitFor();
    // In Lead Generation six vendors fit this firm (6-20 employees, $10,001-$40,000 a year, 11-25
    // cases) equally: the note says so instead of "ranked", names the group by name (never in the
    // order they joined the catalog) with what is not known of them, the three shown are the
    // first by name, and each card says it ties and what is its own.
    const note = panel.getByRole('note');
    await note
      .getByText(
        'These 6 fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart.',
      )
      .waitFor();
    // The page said where the evidence comes from; the category does not say it again.
    expect(await note.getByText(/No demo bookings/).count()).toBe(0);
    expect(await note.getByText(/ranked/).count()).toBe(0);
    const group = note.getByRole('group', { name: /^These 6 fit your firm equally/ });
    expect(await group.getByRole('link').allInnerTexts()).toEqual([
      '4LegalLeads',
      'Avvo',
      'Google Local Services Ads',
      'Justia',
      'LegalMatch',
      'Nolo',
    ]);
    await group.getByText(/^Not known for any of the 6: stated price, integrations, SOC 2, single sign-on/).waitFor();
    const cards = panel.getByRole('article');
    expect(await Promise.all((await cards.all()).map((c) => c.getAttribute('aria-label')))).toEqual([
      '4LegalLeads',
      'Avvo',
      'Google Local Services Ads',
    ]);
    for (const [name, own] of [
      ['4LegalLeads', 'Real-time leads'],
      ['Avvo', 'Lawyer directory with client reviews'],
      ['Google Local Services Ads', 'Pay per qualified lead'],
    ] as const) {
      const card = panel.getByRole('article', { name });
      await card.getByText(own, { exact: true }).waitFor();
      await card.getByText('Tie', { exact: true }).waitFor();
      await card.getByText('Fits your firm as well as 5 other vendors here on what we know; equal picks are listed by name').waitFor();
    }
    // Not the one sentence every card used to share.
    expect(await page.getByText('Serves firms of 6-20 employees like yours', { exact: true }).count()).toBeLessThanOrEqual(1);
    await browser.screenshotAtWidths('matches-pick-for-me');
    await expectNoAxeViolations('/matches after Pick For Me');
    await expectNoSidewaysScroll('/matches after Pick For Me');
    // In Intake one vendor stands out for what it is built for, and says so without a tie.
    await stageButton('Intake').click();
    const intake = stagePanel('Intake');
    const best = intake.getByRole('article').first();
    expect(await best.getAttribute('aria-label')).toBe('Ngage Live Chat');
    await best.getByText('Built for personal-injury firms', { exact: true }).waitFor();
    expect(await best.getByText('Tie', { exact: true }).count()).toBe(0);
    await stageButton('Lead Generation').click();
  });

  test('a dismissed tied pick is counted out of the tie by the note and every card alike, and its undo counts it back', async () => {
    const panel = stagePanel('Lead Generation');
    const note = panel.getByRole('note');
    const tieLines = async () =>
      (await panel.getByRole('article').all()).length > 0
        ? await Promise.all((await panel.getByRole('article').all()).map((c) => c.getByText(/^Fits your firm as well as/).innerText()))
        : [];
    await note
      .getByText(
        'These 6 fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart.',
      )
      .waitFor();
    await panel.getByRole('button', { name: 'Dismiss Avvo' }).click();
    const ask = page.getByRole('dialog', { name: 'Dismiss Avvo?' });
    await ask.getByLabel('Already evaluated').check();
    await ask.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await panel.getByRole('article', { name: 'Avvo' }).waitFor({ state: 'detached' });
    // One count, from one place: five left in the group, so each card ties with four others.
    await note
      .getByText(
        'These 5 fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart.',
      )
      .waitFor();
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(100);
      const lines = await tieLines();
      expect(lines.length, `${width} px`).toBe(3);
      for (const line of lines) {
        expect(line, `${width} px`).toBe('Fits your firm as well as 4 other vendors here on what we know; equal picks are listed by name');
      }
      await panel.screenshot({ path: path.join(screenshotDir, `matches-tie-after-dismissal-${width}.png`) });
      await expectNoAxeViolations(`/matches tie after a dismissal at ${width} px`);
    }
    await browser.setWidth(1440);
    // Undone from the history, where a dismissal stays to be undone after its toast is gone.
    await page.goto('/past?show=dismissed');
    await page.getByRole('button', { name: 'Undo dismissing Avvo' }).click();
    await page.getByRole('button', { name: 'Undo dismissing Avvo' }).waitFor({ state: 'detached' });
    await page.goto('/matches?showCategory=Lead%20Generation');
    await panel.getByRole('article', { name: 'Avvo' }).waitFor();
    await note
      .getByText(
        'These 6 fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart.',
      )
      .waitFor();
    for (const line of await tieLines()) {
      expect(line).toBe('Fits your firm as well as 5 other vendors here on what we know; equal picks are listed by name');
    }
  });

  test('a Schedule Meeting click opens the scheduler, adds nothing to the shortlist and changes no status', async () => {
    const before = await page.evaluate(async () => (await fetch('/api/recommendations/overview')).json());
    // A pick with a scheduler, wherever the firm's picks are.
    type Item = { categoryName: string; picks: { name: string; bookingUrl: string | null }[] };
    const items = await page.evaluate(
      async () => ((await (await fetch('/api/recommendations/persisted')).json()) as { items: Item[] }).items,
    );
    const item = items.find((i) => i.picks.some((p) => p.bookingUrl));
    const vendor = item!.picks.find((p) => p.bookingUrl)!.name;
    await page.goto(`/matches?showCategory=${encodeURIComponent(item!.categoryName)}`);
    const card = page.getByRole('article', { name: vendor });
    const [popup] = await Promise.all([
      browser.context.waitForEvent('page'),
      card.getByRole('button', { name: 'Schedule Meeting' }).click(),
    ]);
    await popup.close();
    await toast(`Opening ${vendor}'s scheduler`).waitFor();
    type Click = { vendorName: string; kind: string; bookingUrl: string | null };
    const clicks = () => page.evaluate(async () => (await (await fetch('/api/meeting-clicks')).json()) as Click[]);
    await expect.poll(async () => (await clicks()).length).toBe(1);
    expect((await clicks())[0]).toMatchObject({ vendorName: vendor, kind: 'BOOKING' });
    expect((await clicks())[0]!.bookingUrl).toMatch(/utm_source=litstack/);
    const shortlist = await page.evaluate(async () => (await fetch('/api/shortlist')).json());
    expect(shortlist).toEqual({ groups: [] });
    expect(await page.evaluate(async () => (await fetch('/api/recommendations/overview')).json())).toEqual(before);
    expect(await card.getByRole('button', { name: `Add to shortlist: ${vendor}`, pressed: false }).count()).toBe(1);
  });

  test('Clear picks asks first, and Undo brings every category’s picks back with their source', async () => {
    const before = await picksOnServer();
    const completed = await completedOnServer();
    const title = `Clear the picks in all ${before.length} categories?`;
    await page.getByRole('button', { name: 'Clear picks' }).click();
    let dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await expectNoAxeViolations('/matches with the Clear picks question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await picksOnServer()).toEqual(before);

    await page.getByRole('button', { name: 'Clear picks' }).click();
    dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: 'Clear picks' }).click();
    await toast('Recommendations cleared').waitFor();
    await page.getByText('0 of 9 stages completed').waitFor();
    await page.getByRole('button', { name: 'Clear picks' }).waitFor({ state: 'detached' });
    await focusToasts();
    await toast('Recommendations cleared').waitFor();
    await expectNoAxeViolations('/matches with the Undo toast');
    await browser.screenshot('matches-cleared-undo-1280', { fullPage: false });
    await pressInToast('Undo');
    await toast(`Picks restored in ${before.length} categories`).waitFor();
    await page.getByText(`${completed} of 9 stages completed`).waitFor();
    expect(await picksOnServer()).toEqual(before);
    await expectNoAxeViolations('/matches with the restored toast');
  });

  test('Clear picks empties every stage', async () => {
    await page.getByRole('button', { name: 'Clear picks' }).click();
    await page
      .getByRole('dialog', { name: /^Clear the picks in all / })
      .getByRole('button', { name: 'Clear picks' })
      .click();
    await toast('Recommendations cleared').waitFor();
    await page.getByText('0 of 9 stages completed').waitFor();
    await page.getByRole('button', { name: 'Clear picks' }).waitFor({ state: 'detached' });
  });

  test('a questionnaire in Lead Generation ends on the stage’s saved picks', async () => {
    await stageButton('Lead Generation').click();
    await stagePanel('Lead Generation').getByRole('button', { name: 'Get Recommendation' }).click();
    await page.waitForURL('**/matches?categoryId=1');
    const dialog = questionnaire();
    await dialog.getByRole('heading', { name: 'Questionnaire' }).waitFor();
    await dialog.getByText('(select all that apply)').first().waitFor();

    await dialog.getByRole('button', { name: 'Get Recommendations' }).click();
    // While a dialog is open the rest of the page, toasts included, is hidden from the
    // accessibility tree, so this toast is found by its text.
    await page.getByText('Please answer at least one question', { exact: true }).waitFor();
    await browser.screenshot('questionnaire-empty-answers-1440', { fullPage: false });

    await answerAndSubmit();
    await dialog.getByText('Based on your answers, here are the top 3 recommended vendors:').waitFor();
    const cards = dialog.getByRole('article');
    expect(await cards.count()).toBe(3);
    await cards.first().getByText('Best Match').waitFor();
    expect(await cards.nth(1).getByText('Top Match').count()).toBe(1);
    await cards.first().getByText('Why this pick').waitFor();
    // Four answers name capabilities; the budget ("Under $2,000") is about the firm: it weighs,
    // and is never counted or listed as a need.
    await cards
      .first()
      .getByText(/^Meets (all 4 of your needs|\d of your 4 needs)$/)
      .waitFor();
    const needs = cards.first().getByRole('list', { name: 'Needs met' });
    await needs.getByRole('listitem').first().waitFor();
    expect(await needs.getByText('Under $2,000').count()).toBe(0);
    await expectNoAxeViolations('the questionnaire results with the needs met');

    await cards.first().getByRole('button', { name: 'Show gaps' }).click();
    await cards.first().getByRole('button', { name: 'Hide gaps' }).waitFor();
    await cards.first().getByRole('button', { name: 'How this was ranked' }).click();
    const table = cards.first().getByRole('table');
    await table.getByRole('rowheader', { name: 'Matches your needs' }).waitFor();
    await table.getByRole('rowheader', { name: 'Partner status' }).waitFor();
    await table.getByText('Partner status does not affect the ranking').waitFor();
    // No real bookings: demand is left out of the score, and says why.
    await table
      .getByRole('row', { name: /Popular with similar firms/ })
      .getByText('No demo-booking data yet')
      .waitFor();
    await table
      .getByRole('row', { name: /Popular with similar firms/ })
      .getByText('Not counted')
      .waitFor();
    await browser.screenshotAtWidths('questionnaire-results', { fullPage: false });

    // A result without a booking link: Visit Website is its main action (the look of the primary
    // Done), and "No scheduler available" is written on it.
    const primary = await background(dialog.getByRole('button', { name: 'Done' }));
    const unscheduled = cards.filter({ hasText: 'No scheduler available' }).first();
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      const why = unscheduled.getByText('No scheduler available', { exact: true });
      await why.scrollIntoViewIfNeeded();
      expect(await why.isVisible()).toBe(true);
      expect(await unscheduled.getByRole('button', { name: 'Schedule Meeting' }).isDisabled()).toBe(true);
      expect(await background(unscheduled.getByRole('link', { name: 'Visit Website' }))).toBe(primary);
      await expectNoAxeViolations(`the questionnaire results at ${width} px`);
      await browser.screenshot(`questionnaire-results-no-scheduler-${width}`, { fullPage: false });
    }
    await browser.setWidth(1440);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/matches\?showCategory=Lead%20Generation$/);
    await dialog.waitFor({ state: 'detached' });
    expect(await stagePanel('Lead Generation').getByRole('article').count()).toBe(3);
    // Answers and picks start a stage; they complete nothing.
    expect(await stageButton('Lead Generation').innerText()).toContain('In Progress');
    await page.getByText('0 of 9 stages completed').waitFor();
    expect(await progress()).toContain('0%');
  });

  test('a questionnaire opened from the address, retaken once, puts Intake in progress', async () => {
    await page.goto('/matches?categoryId=2');
    const dialog = questionnaire();
    await dialog.getByRole('heading', { name: 'Questionnaire' }).waitFor();
    await answerAndSubmit();
    await dialog.getByRole('button', { name: 'Retake Questionnaire' }).click();
    await dialog.getByRole('heading', { name: 'Questionnaire' }).waitFor();
    await dialog.getByRole('button', { name: 'Get Recommendations' }).click();
    await dialog.getByRole('heading', { name: 'Your Recommendations' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL('**/matches?showCategory=Intake');
    await page.getByText('0 of 9 stages completed').waitFor();
    expect(await stageButton('Intake').innerText()).toContain('In Progress');
  });

  test('a card without a booking link has the disabled Schedule Meeting and Visit Website only', async () => {
    // The main action's look: an enabled Schedule Meeting (Lawmatics has a scheduler).
    await page.goto('/vendors?q=Lawmatics');
    const enabled = page.getByRole('article', { name: 'Lawmatics' }).getByRole('button', { name: 'Schedule Meeting' });
    await enabled.waitFor();
    const main = await background(enabled);
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.goto('/matches?showCategory=Lead%20Generation');
      const pick = stagePanel('Lead Generation').getByRole('article', { name: 'Avvo' });
      await pick.waitFor();
      // Visit Website is the main action; "No scheduler available" is written on the card.
      expect(await background(pick.getByRole('link', { name: 'Visit Website' }))).toBe(main);
      expect(await background(pick.getByRole('button', { name: 'Schedule Meeting' }))).not.toBe(main);
      expect(await pick.getByText('No scheduler available', { exact: true }).isVisible()).toBe(true);
      await expectNoAxeViolations(`/matches at ${width} px`);
      await pick.getByRole('heading', { level: 4 }).getByRole('link').focus();
      await tabTo(pick.getByLabel('Schedule Meeting with Avvo: No scheduler available'));
      await page.keyboard.press('Tab');
      expect(await pick.getByRole('link', { name: 'Visit Website' }).evaluate((e) => e === document.activeElement)).toBe(true);
      await browser.screenshot(`matches-no-scheduler-${width}`, { fullPage: false });

      // The same on Past Recommendations.
      await page.goto('/past?categoryIds=1');
      const past = page.getByRole('article', { name: 'Avvo' });
      await past.waitFor();
      expect(await background(past.getByRole('link', { name: 'Visit Website' }))).toBe(main);
      expect(await past.getByRole('button', { name: 'Schedule Meeting' }).isDisabled()).toBe(true);
      expect(await past.getByText('No scheduler available', { exact: true }).isVisible()).toBe(true);
      await expectNoAxeViolations(`/past at ${width} px`);
      await past.scrollIntoViewIfNeeded();
      await browser.screenshot(`past-no-scheduler-${width}`, { fullPage: false });
    }
    await browser.setWidth(1440);

    await page.goto('/matches?showCategory=Lead%20Generation');
    const avvo = stagePanel('Lead Generation').getByRole('article', { name: 'Avvo' });
    await avvo.waitFor();
    const schedule = avvo.getByRole('button', { name: 'Schedule Meeting' });
    expect(await schedule.isDisabled()).toBe(true);
    await avvo.getByLabel('Schedule Meeting with Avvo: No scheduler available').waitFor();
    await avvo.getByRole('link', { name: 'Visit Website' }).waitFor();
    expect(await avvo.getByText(/Request a demo/).count()).toBe(0);
    // Two buttons with words; shortlist, compare and dismiss are named icon buttons.
    const worded = await avvo
      .locator('button:visible')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()).filter((t) => t !== ''));
    expect(worded).toEqual(['Schedule Meeting']);
    expect(await avvo.getByRole('link', { name: 'Visit Website' }).count()).toBe(1);
    await avvo.getByRole('button', { name: 'Add to shortlist: Avvo' }).waitFor();
    await avvo.getByRole('button', { name: 'Compare Avvo' }).waitFor();
  });

  test('adding a tool to the tech stack completes its stage', async () => {
    const res = await page.request.post('/api/profile/category-adoption', {
      data: { items: [{ categoryId: 2, hasTool: true, selectedVendorIds: [12] }] },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await page.getByText('1 of 9 stages completed').waitFor();
    expect(await progress()).toContain('11% through your litigation lifecycle');
    expect(await stageButton('Intake').innerText()).toContain('Completed');
    expect(await stageButton('Lead Generation').innerText()).toContain('In Progress');
    await page
      .getByRole('region', { name: 'Progress' })
      .getByText(/^Your tech stack has tools for 1 stage; \d+ stages? in progress\.$/)
      .waitFor();
  });

  test('a dismissed pick stays gone after a reload', async () => {
    await page.goto('/matches?showCategory=Intake');
    const panel = stagePanel('Intake');
    const first = panel.getByRole('article').first();
    const name = await first.getAttribute('aria-label');
    await first.getByRole('button', { name: `Dismiss ${name}` }).click();
    const ask = page.getByRole('dialog', { name: `Dismiss ${name}?` });
    await ask.getByLabel('Already evaluated').check();
    await ask.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await toast('Vendor dismissed').waitFor();
    await toast(`${name} has been hidden`).waitFor();
    await panel.getByRole('article', { name: name! }).waitFor({ state: 'detached' });
    await page.reload();
    await stagePanel('Intake').getByRole('article').first().waitFor();
    expect(await stagePanel('Intake').getByRole('article', { name: name! }).count()).toBe(0);
    // The next candidate took its place: the stage still shows three picks.
    expect(await stagePanel('Intake').getByRole('article').count()).toBe(3);
  });

  test('Continue to next stage opens the first stage not completed', async () => {
    await page.getByRole('button', { name: 'Continue to next stage' }).click();
    // Intake has a tool: the first stage not completed is Lead Generation, in progress.
    await stagePanel('Lead Generation').waitFor();
    expect(await stagePanel('Intake').count()).toBe(0);
    await browser.screenshotAtWidths('matches-progress');
  });

  test('/past lists the picks with why they were recommended, filtered in the address', async () => {
    await page.goto('/past');
    await page.getByRole('heading', { name: 'Past Recommendations' }).waitFor();
    await page.getByRole('article').first().waitFor();
    const first = page.getByRole('article').first();
    await first.getByText(/^Recommended on /).waitFor();
    await first.getByText('Why recommended:').waitFor();
    await page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Lead Generation' }).click();
    await page.waitForURL('**/past?categoryIds=1');
    await page.getByRole('article').first().waitFor();
    // The questionnaire's best pick lists the needs it met, one answer an item.
    await page.getByRole('article').first().getByRole('list', { name: 'Needs met' }).getByRole('listitem').first().waitFor();
    await expectNoAxeViolations('/past with the needs met');
    for (const card of await page.getByRole('article').all()) {
      await card.getByText('Lead Generation', { exact: true }).waitFor();
    }
    await browser.screenshotAtWidths('past');
  });

  test('a second user sees none of it', async () => {
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL('**/auth/sign-in');
    await signUp('Alan Turing', 'alan@turing-law.test');
    await page.getByText('0 of 9 stages completed').waitFor();
    await page.goto('/past');
    await page.getByText('No recommendations found').waitFor();
    await page
      .getByText("You haven't received any vendor recommendations yet. Complete a questionnaire to get personalized recommendations.")
      .waitFor();
    await browser.screenshot('past-empty-1440');
  });
});
