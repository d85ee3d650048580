import { appendFile } from 'node:fs/promises';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { addAToolToTheStack, signUpAndOnboard } from './support/session';

// Click to settled (issue 45): for six form writes, the time from the click (for the shortlist
// note: the last keystroke) to the screen showing the server's confirmed answer, with no spinner
// left, measured in the page (performance.now() at the click, then at the first animation frame
// where the settled screen is there). Five runs each; the median is printed (and appended to
// SETTLE_BENCH_OUT when set). Each run is then checked again 600 ms later: nothing may have rolled
// it back. The numbers are reported, never asserted: a shared CI machine's wall clock says nothing
// (benches/README.md has the table, from a release build). LITSTACK_BIN picks the binary.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

// Five runs for the medians the tables quote; the test command asks for one (BENCH_RUNS=1): there
// the file only proves each interaction still settles, and a shared machine's times say nothing.
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PASSWORD = 'settle-quickly-1';
const INTAKE = 2;
const LAWMATICS = 'Lawmatics';
const results: Record<string, number[]> = {};

/** What the settled screen holds, checked in the page at every animation frame. */
type Settled = {
  /** Text somewhere in the page (a toast, a saved value). */
  text?: string[];
  /** Text nowhere in the page ("Saving..."). */
  noText?: string[];
  /** Selectors matching nothing (the closed dialog or form). */
  gone?: string[];
  /** [selector, text]: some element matching the selector has exactly this text content. */
  exact?: [string, string][];
};

/**
 * Runs in the page (self-contained: Playwright sends its source): whether `s` holds; with `timed`,
 * the milliseconds since the armed event once it does, else false.
 */
function settledPage({ s, timed }: { s: Settled; timed: boolean }): number | boolean {
  const body = document.body.innerText;
  const ok =
    (s.text ?? []).every((t) => body.includes(t)) &&
    (s.noText ?? []).every((t) => !body.includes(t)) &&
    (s.gone ?? []).every((sel) => document.querySelector(sel) === null) &&
    (s.exact ?? []).every(([sel, t]) => [...document.querySelectorAll(sel)].some((e) => e.textContent?.trim() === t));
  if (!timed) return ok;
  const start = (window as unknown as { __startAt?: number }).__startAt;
  return ok && start !== undefined ? performance.now() - start : false;
}

/** Arms a listener that notes the time of the next event of `type` (the click, a keystroke). */
async function arm(type: 'click' | 'keydown') {
  await page.evaluate((eventType) => {
    const w = window as unknown as { __startAt?: number };
    w.__startAt = undefined;
    document.addEventListener(eventType, () => (w.__startAt = performance.now()), { capture: true, once: eventType === 'click' });
  }, type);
}

/** Milliseconds from the armed event to the first frame where `settled` holds; then the re-check. */
async function settle(name: string, settled: Settled) {
  const handle = await page.waitForFunction(settledPage, { s: settled, timed: true }, { polling: 'raf', timeout: 10_000 });
  const ms = (await handle.jsonValue()) as number;
  await page.waitForTimeout(600);
  // Toasts leave on their own: only what the screen itself shows must stay.
  const still = await page.evaluate(settledPage, { s: { ...settled, text: [] }, timed: false });
  expect(still, `${name}: rolled back after settling`).toBe(true);
  (results[name] ??= []).push(Math.round(ms));
}

async function click(locator: Locator) {
  await arm('click');
  await locator.click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.setWidth(1280);
});

afterAll(async () => {
  const rows = Object.entries(results).map(([name, runs]) => {
    const sorted = [...runs].sort((a, b) => a - b);
    return `${name}: median ${sorted[Math.floor(sorted.length / 2)]} ms (runs ${runs.join(', ')})`;
  });
  console.log(`click to settled (${process.env.LITSTACK_BIN ?? '../target/debug/litstack'}):\n${rows.join('\n')}`);
  if (process.env.SETTLE_BENCH_OUT) await appendFile(process.env.SETTLE_BENCH_OUT, `${JSON.stringify(results)}\n`);
  await browser?.close();
  await server?.stop();
});

test('onboarding: Continue to the modal closed and "Welcome aboard!"', async () => {
  for (let run = 0; run < RUNS; run += 1) {
    await page.request.post('/api/auth/sign-out');
    const res = await page.request.post('/api/auth/sign-up', {
      data: { name: `Onboarding ${run}`, email: `onboard-${run}@settle.test`, password: PASSWORD, lawFirm: `Settle ${run} Law` },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/matches');
    const dialog = page.getByRole('dialog', { name: 'Tell us about your firm' });
    await dialog.waitFor();
    for (const group of await dialog.getByRole('group').all()) await group.getByRole('radio').first().check();
    await click(dialog.getByRole('button', { name: 'Continue' }));
    await settle('onboarding', { text: ['Welcome aboard!'], noText: ['Tell us about your firm', 'Saving...'] });
  }
});

test('the shortlist note: the last keystroke to "Saved"', async () => {
  await page.request.post('/api/auth/sign-out');
  await signUpAndOnboard(page, { name: 'Ada Settle', email: 'ada@settle.test', password: PASSWORD, lawFirm: 'Settle Law' });
  for (const id of [11, 12]) {
    const res = await page.request.put(`/api/shortlist/${id}`, { data: { status: 'Demo held' } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto('/shortlist');
    const note = page.getByRole('textbox', { name: `Note on ${LAWMATICS}` });
    await note.waitFor();
    // Typing over the saved note (selected first), as a person would, 40 ms a keystroke.
    await note.click();
    await page.keyboard.press('ControlOrMeta+A');
    await arm('keydown');
    const text = `Ask about bilingual intake, run ${run}`;
    await note.pressSequentially(text, { delay: 40 });
    const status = await note.getAttribute('aria-describedby');
    await settle('shortlist note', { exact: [[`[id="${status}"]`, 'Saved']] });
    const saved = (await (await page.request.get('/api/shortlist')).json()) as {
      groups: { entries: { vendorId: number; note: string }[] }[];
    };
    expect(saved.groups.flatMap((g) => g.entries).find((e) => e.vendorId === 12)?.note).toBe(text);
  }
});

test('criteria: Save criteria to the saved list', async () => {
  const saved = await page.request.put(`/api/evaluations/${INTAKE}/criteria`, {
    data: {
      criteria: [
        { name: 'Price', weight: 60 },
        { name: 'Support', weight: 40 },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`/evaluations/${INTAKE}`);
    await page.getByRole('button', { name: 'Edit criteria' }).click();
    const price = 51 + run;
    await page.getByRole('textbox', { name: 'Weight of criterion 1' }).fill(String(price));
    await page.getByRole('textbox', { name: 'Weight of criterion 2' }).fill(String(100 - price));
    await click(page.getByRole('button', { name: 'Save criteria' }));
    await settle('criteria', {
      gone: ['section[aria-labelledby="criteria-heading"] form'],
      exact: [
        ['section[aria-labelledby="criteria-heading"] li', `Price${price}`],
        ['section[aria-labelledby="criteria-heading"] li', `Support${100 - price}`],
      ],
    });
  }
});

test("a scorecard: its column's Submit to the weighted score", async () => {
  // Price 60, Support 40 (the criteria test's last save: 55/45) -- set again so this test stands alone.
  const res = await page.request.put(`/api/evaluations/${INTAKE}/criteria`, {
    data: {
      criteria: [
        { name: 'Price', weight: 60 },
        { name: 'Support', weight: 40 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  // Support 3 (50) at 40 each time; price 5, 4, 3, 2, 1 at 60: 80, 65, 50, 35, 20.
  const prices = [5, 4, 3, 2, 1];
  const cell = (criterion: string) => page.getByRole('combobox', { name: `${criterion} for ${LAWMATICS}`, exact: true });
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`/evaluations/${INTAKE}`);
    if (run > 0) {
      // The revision starts from the saved scorecard: wait for it before changing it.
      await expect.poll(() => cell('Price').inputValue()).toBe(String(prices[run - 1]));
    }
    const price = prices[run]!;
    await cell('Price').selectOption(String(price));
    if (run === 0) await cell('Support').selectOption('3');
    await click(page.getByRole('button', { name: `Submit scorecard for ${LAWMATICS}` }));
    await settle('scorecard', {
      gone: [`button[aria-label="Submit scorecard for ${LAWMATICS}"]`],
      text: [`Weighted score: ${15 * (price - 1) + 20} of 100`],
    });
  }
});

test('a contract: Save contract to the renewal row', async () => {
  const tool = await addAToolToTheStack(page);
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto('/tech-stack');
    const tools = page.getByRole('list', { name: 'Tools and their contracts' });
    await tools.getByRole('button', { name: `Contract: ${tool.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Contract: ${tool.name}` });
    await dialog.getByLabel('Start date').fill('2026-01-05');
    await dialog.getByLabel('Term (months)').fill('12');
    await dialog.getByLabel('Notice period (days)').fill('30');
    await dialog.getByLabel('Annual cost (USD)').fill(`1,00${run + 1}`);
    await dialog.getByLabel('Seats').fill('4');
    await dialog.getByLabel('Responsible person').selectOption({ label: 'Ada Settle (you)' });
    await click(dialog.getByRole('button', { name: 'Save contract' }));
    await settle('contract', { gone: ['[role="dialog"]'], text: [`$1,00${run + 1} a year`] });
  }
});

test('the tech stack: Save Tech Stack to the saved stack and its toast', async () => {
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto('/tech-stack');
    // A category not answered yet, answered No.
    const open = page
      .getByRole('region')
      .filter({ has: page.getByRole('radio', { name: 'No' }) })
      .filter({ hasNot: page.getByRole('radio', { name: 'No', checked: true }) })
      .filter({ hasNot: page.getByRole('radio', { name: 'Yes', checked: true }) });
    await open.first().getByRole('radio', { name: 'No' }).check();
    await click(page.getByRole('button', { name: 'Save Tech Stack' }));
    await settle('tech stack', { text: ['Your tech stack has been updated successfully!'], noText: ['Saving...'] });
  }
});
