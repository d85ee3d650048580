import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { request, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The shortlist, told as one story: three vendors in two stages from Browse Vendors, a note that
// survives a reload, Lawmatics from Demo booked to Chosen through the demo questions, the brief as
// the PDF Chromium prints and as CSV; then other firms' demo outcomes: 4 firms say nothing in the
// questionnaire's results, 5 give a reason.

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let tmp: string;

const NOTE = 'Ask about the Filevine sync and the per-seat price.';
const LAWMATICS = 12;

const card = (name: string) => page.getByRole('article', { name });
/** The card's status history, opened if it is closed. */
async function historyOf(name: string): Promise<string> {
  // The list under "Status history" (a card may also list the needs it was recommended for).
  const list = card(name).getByRole('group').filter({ hasText: 'Status history' }).getByRole('list');
  if (!(await list.isVisible())) await card(name).getByText('Status history').click();
  return list.innerText();
}
const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function expectAccessible(what: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(200);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(1280);
}

/** Another firm of 6-20 employees (its own cookie jar) that had a demo of Lawmatics and chose it. */
async function firmThatChoseLawmatics(n: number) {
  const api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  const signUp = await api.post('/api/auth/sign-up', {
    data: { name: `Peer ${n}`, email: `peer${n}@peers.test`, password: 'we-chose-a-tool-1', lawFirm: `Peer Firm ${n}`, firmSize: 'E6_20' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  // Only verified firms are evidence for others: the operator (the first account, on `page`) verifies it.
  const firmId = (await signUp.json()).user.firm.id;
  const verified = await page.request.patch(`/api/admin/firms/${firmId}`, { data: { verified: true } });
  expect(verified.status(), await verified.text()).toBe(200);
  const held = await api.put(`/api/shortlist/${LAWMATICS}`, { data: { status: 'Demo held' } });
  expect(held.status(), await held.text()).toBe(200);
  const chosen = await api.put(`/api/shortlist/${LAWMATICS}/outcome`, { data: { chosen: true } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  await api.dispose();
}

/** Answers the Intake questionnaire; returns the results dialog. */
async function intakeResults() {
  await page.goto('/matches');
  const panel = page.getByRole('region', { name: 'Intake', exact: true });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: /^Intake / }).click();
  await panel
    .getByRole('button', { name: /Get Recommendation|Retake|Update/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  // Answers Lawmatics meets in full, so it is among the three results shown.
  const answers = [
    'Web forms and referrals',
    'Our own staff, and that works for us',
    'Sign the retainer electronically on the same call',
    'Automatic follow-up texts and emails',
    'The new case lands in our case management system',
  ];
  await dialog.getByLabel(answers[0]!).waitFor();
  for (const answer of answers) await dialog.getByLabel(answer).check();
  await dialog.getByRole('button', { name: 'Get Recommendations' }).click();
  await dialog.getByRole('heading', { name: 'Your Recommendations' }).waitFor();
  return dialog;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'litstack-shortlist-e2e-'));
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.setWidth(1280);
  await signUpAndOnboard(page, 'pat@doe-injury.test');
  // The firm's Intake criteria, so the brief has them to print.
  const response = await page.request.post('/api/responses', {
    data: { categoryId: 2, answers: [{ questionId: 201, selectedValues: ['Web forms and referrals'] }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  // Ranked, so Lawmatics and Lead Docket are recommended for the need "Web forms and referrals".
  const computed = await page.request.post('/api/recommendations/compute', {
    data: { responseId: ((await response.json()) as { responseId: number }).responseId, categoryId: 2 },
  });
  expect(computed.status(), await computed.text()).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the shortlist', () => {
  test('three vendors in two stages, added from Browse Vendors', async () => {
    for (const name of ['Avvo', 'Lawmatics', 'Lead Docket']) {
      await page.goto(`/vendors?q=${encodeURIComponent(name)}`);
      const add = card(name).getByRole('button', { name: 'Add to shortlist' });
      await add.click();
      await card(name).getByRole('button', { name: 'On shortlist', pressed: true }).waitFor();
    }
    await browser.screenshotAtDesktopAndPhone('vendors-card-shortlist');
    // A second press takes it off, a third puts it back.
    await card('Lead Docket').getByRole('button', { name: 'On shortlist' }).click();
    await card('Lead Docket').getByRole('button', { name: 'Add to shortlist', pressed: false }).click();
    await card('Lead Docket').getByRole('button', { name: 'On shortlist' }).waitFor();

    await page.goto('/shortlist');
    await page.getByRole('heading', { name: 'Stage 1: Lead Generation' }).waitFor();
    await page.getByRole('heading', { name: 'Stage 2: Intake' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    const compare = page.getByRole('link', { name: 'Compare Intake vendors side by side' });
    expect(await compare.getAttribute('href')).toBe('/compare?ids=12,11');
    expect(await page.getByRole('link', { name: "View Lawmatics's profile" }).getAttribute('href')).toBe('/vendors/12');
    // Each card says where its facts come from: the price is Litstack’s estimate, shown once. The
    // blanket "Verified" line is gone.
    const lawmatics = card('Lawmatics');
    expect(await lawmatics.getByRole('img', { name: /^Price: / }).count()).toBe(1);
    await lawmatics.getByText('Litstack’s estimate', { exact: true }).waitFor();
    expect(await page.getByText(/^Verified [A-Z][a-z]{2} \d{4}$/).count()).toBe(0);
  });

  test('a note is saved as you type and is there after a reload', async () => {
    await page.getByLabel('Note on Lawmatics').fill(NOTE);
    await card('Lawmatics').getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel('Note on Lawmatics').waitFor();
    expect(await page.getByLabel('Note on Lawmatics').inputValue()).toBe(NOTE);
  });

  test('Lawmatics moves from Demo booked through Demo held to Chosen', async () => {
    await page.getByLabel('Status of Lawmatics').selectOption('Demo booked');
    const asked = card('Lawmatics').getByRole('group', { name: 'Did the demo happen?' });
    await asked.getByRole('button', { name: 'Yes' }).click();
    await card('Lawmatics').getByRole('group', { name: 'Did you choose it?' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByLabel('Status of Lawmatics').inputValue()).toBe('Chosen');
    // Chosen: the card offers the tech stack, and adding puts Lawmatics there as the main tool.
    const offer = card('Lawmatics').getByRole('group', { name: /^Add Lawmatics to your tech stack/ });
    await offer.waitFor();
    await browser.screenshotAtDesktopAndPhone('shortlist-tech-stack-offer');
    await expectAccessible('/shortlist with the tech-stack offer');
    await offer.getByRole('button', { name: 'Add to tech stack' }).click();
    await offer.waitFor({ state: 'detached' });
    const list = (await (await page.request.get('/api/shortlist')).json()) as {
      groups: { entries: { vendorId: number; vendorName: string }[] }[];
    };
    const lawmatics = list.groups.flatMap((g) => g.entries).find((e) => e.vendorName === 'Lawmatics')!.vendorId;
    const stack = (await (await page.request.get('/api/profile/category-adoption')).json()) as {
      items: { selectedVendors: { vendorId: number; isPrimary: boolean }[] }[];
    };
    expect(
      stack.items
        .flatMap((i) => i.selectedVendors)
        .filter((v) => v.isPrimary)
        .map((v) => v.vendorId),
    ).toContain(lawmatics);
    await card('Lawmatics').getByText('Status history').click();
    const history = await historyOf('Lawmatics');
    expect(history).toMatch(/Considering[\s\S]*Demo booked[\s\S]*Demo held[\s\S]*Chosen/);

    // Rejected asks for a reason first.
    await page.getByLabel('Status of Avvo').selectOption('Rejected');
    await card('Avvo').getByRole('button', { name: 'Reject' }).click();
    await card('Avvo').getByText('Say why the vendor was rejected').waitFor();
    await card('Avvo').getByLabel('Why was it rejected?').fill('Leads are not exclusive');
    await card('Avvo').getByRole('button', { name: 'Reject' }).click();
    await card('Avvo').getByText('Leads are not exclusive').waitFor();

    await browser.screenshotAtDesktopAndPhone('shortlist');
    await expectAccessible('/shortlist');
  });

  test('Remove asks first, and Undo brings back the note, the status and its whole history', async () => {
    const history = await historyOf('Lawmatics');
    expect(history).toMatch(/Considering[\s\S]*Chosen/);
    const noteAuthor = await card('Lawmatics')
      .getByText(/^Note last changed by /)
      .innerText();

    await card('Lawmatics').getByRole('button', { name: 'Remove from shortlist' }).click();
    let dialog = page.getByRole('dialog', { name: 'Remove Lawmatics from the shortlist?' });
    await dialog.getByText(/Its status \(Chosen\), note, status history of \d+ changes and demo outcome go with it/).waitFor();
    await browser.screenshotAtDesktopAndPhone('shortlist-remove-question');
    await expectAccessible('/shortlist with the Remove question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card('Lawmatics').waitFor();

    await card('Lawmatics').getByRole('button', { name: 'Remove from shortlist' }).click();
    dialog = page.getByRole('dialog', { name: 'Remove Lawmatics from the shortlist?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await toast('Lawmatics is off your shortlist').waitFor();
    await card('Lawmatics').waitFor({ state: 'detached' });
    // From the keyboard: F8 reaches the notifications (and holds the toast open), Tab its Undo.
    await page.keyboard.press('F8');
    await toast('Lawmatics is off your shortlist').waitFor();
    const violations = await axeViolations(page);
    expect(violations, `/shortlist with the Undo toast:\n${describeViolations(violations)}`).toEqual([]);
    await browser.screenshot('shortlist-removed-undo-1280', { fullPage: false });
    for (let i = 0; i < 5; i += 1) {
      if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Undo') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Undo');
    await page.keyboard.press('Enter');

    await toast('Lawmatics is back on your shortlist').waitFor();
    await card('Lawmatics').waitFor();
    expect(await page.getByLabel('Note on Lawmatics').inputValue()).toBe(NOTE);
    expect(await page.getByLabel('Status of Lawmatics').inputValue()).toBe('Chosen');
    expect(
      await card('Lawmatics')
        .getByText(/^Note last changed by /)
        .innerText(),
    ).toBe(noteAuthor);
    expect(await historyOf('Lawmatics')).toBe(history);
  });

  test('the brief prints as a PDF with the firm, the stages and the notes, asking no third party', async () => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.getByRole('link', { name: 'Export brief' }).click();
    await page.getByRole('heading', { name: 'Technology shortlist: due-diligence brief' }).waitFor();
    await page.getByRole('heading', { name: 'Stage 2: Intake' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);

    const pdfFile = path.join(tmp, 'brief.pdf');
    await writeFile(pdfFile, await page.pdf({ format: 'Letter', printBackground: true }));
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Doe Injury Law',
      'Stage 1: Lead Generation',
      'Stage 2: Intake',
      'How do most new PI leads reach you?',
      'Web forms and referrals',
      'Lawmatics',
      NOTE,
      'Chosen since',
      'Leads are not exclusive',
      'Moderate ($$)',
      // Where each fact came from, in words that print: the price is Litstack’s estimate.
      'Litstack’s estimate',
      'Booking link',
      'Security',
      // Lawmatics states two-factor sign-in; what nobody states reads so.
      'Two-factor sign-in: Available',
      'Not stated: HIPAA business associate agreement',
      // Why Lawmatics was recommended: the needs sentence and the need it met, as a list.
      'Meets your need',
      'Needs met:',
    ]) {
      expect(text, text).toContain(expected);
    }
    // The app's frame and the page's buttons are not printed.
    expect(text).not.toContain('Print or save as PDF');
    expect(text).not.toContain('Vendor Matches');
    const pages = execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(pages)?.[1])).toBeGreaterThanOrEqual(2); // a page per stage

    await browser.screenshotAtDesktopAndPhone('shortlist-brief');
    await expectAccessible('/shortlist/brief');
  });

  test('the CSV downloads with one row per vendor', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^shortlist-brief-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toContain('Vendor,Status');
    expect(lines).toHaveLength(4);
    expect(csv).toContain(NOTE);
  });
});

describe('other firms’ demo outcomes', () => {
  test('from 4 firms nothing is said; from 5 the reason appears', async () => {
    for (const n of [1, 2, 3, 4]) await firmThatChoseLawmatics(n);
    let dialog = await intakeResults();
    await dialog.getByRole('article', { name: 'Lawmatics' }).waitFor();
    expect(await dialog.getByText(/had a demo chose it/).count()).toBe(0);
    await page.keyboard.press('Escape');

    await firmThatChoseLawmatics(5);
    dialog = await intakeResults();
    await dialog.getByRole('article', { name: 'Lawmatics' }).getByText('Most of the 5 firms your size that had a demo chose it').waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('after a Schedule Meeting click', () => {
  test('nothing is added or changed; an entry added after it asks whether a demo was booked', async () => {
    // A vendor the Intake questionnaire recommended, other than Lawmatics (already Chosen).
    const past = await page.request.get('/api/past-recommendations?pageSize=50');
    type Item = { vendor: { id: number; name: string; bookingUrl: string | null } };
    const items = ((await past.json()) as { items: Item[] }).items;
    const vendor = items.map((i) => i.vendor).find((v) => v.id !== LAWMATICS && v.bookingUrl);
    expect(vendor, JSON.stringify(items)).toBeDefined();
    const before = (await (await page.request.get('/api/shortlist')).json()) as unknown;
    // The click as the card records it (without opening the vendor's site from the test).
    for (const id of [vendor!.id, LAWMATICS]) {
      const click = await page.request.post('/api/meeting-clicks', { data: { vendorId: id, sourcePage: 'PAST_RECS' } });
      expect(click.status(), await click.text()).toBe(201);
    }
    // A click is a click: the shortlist is as it was, Lawmatics still Chosen.
    expect(await (await page.request.get('/api/shortlist')).json()).toEqual(before);

    await page.goto('/past');
    await card(vendor!.name).getByRole('button', { name: 'Add to shortlist' }).click();
    const question = card(vendor!.name).getByRole('group', {
      name: new RegExp(`^You opened ${vendor!.name}'s scheduler on .+\\. Did you book a demo\\?$`),
    });
    await question.waitFor();
    await browser.screenshotAtDesktopAndPhone('past-demo-booked-question');
    await question.getByRole('button', { name: 'Yes' }).click();
    await question.getByLabel('Day of the demo').fill('2026-03-10');
    await question.getByRole('button', { name: 'Save: demo booked' }).click();
    await card(vendor!.name).getByRole('group', { name: 'Did the demo happen?' }).waitFor();

    await page.goto('/shortlist');
    await expect.poll(() => page.getByLabel(`Status of ${vendor!.name}`).inputValue()).toBe('Demo booked');
    await expect.poll(() => page.getByLabel(`Demo date with ${vendor!.name}`).inputValue()).toBe('2026-03-10');
    expect(await page.getByLabel('Status of Lawmatics').inputValue()).toBe('Chosen');
  });
});
