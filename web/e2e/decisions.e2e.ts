import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { formatDate } from '@/lib/format';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, webDir, type TestServer } from './support/server';
import { inviteAndJoin, signUpAndOnboard } from './support/session';

// The flow (issue 32): three members score two vendors (through the API) and disagree;
// an owner proposes a decision on the screen (pre-filled from the scores) with a member as a
// second approver, approves it, edits the cost (her approval is stale and the screen says what
// changed), both approve the current version, it is final (the shortlist says "Not chosen"),
// and the record prints with its hash in the footer. axe at 1280 and 390 on each new screen.
// Then the final decision's contract starts with the decision's cost and start date (issue 45).
// With LITSTACK_GUIDE_SHOTS=1 it also writes the screenshots of docs/decision-path.md to docs/guide/.

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let category: { id: number; name: string };
let vendors: { id: number; name: string }[];

const PASSWORD = 'decide-together-1';
const guideDir = path.resolve(webDir, '..', 'docs', 'guide');
const guide = process.env.LITSTACK_GUIDE_SHOTS === '1';

/** Today plus `days`, as YYYY-MM-DD in UTC (the server's day). */
function day(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function signInAs(email: string) {
  await page.request.post('/api/auth/sign-out');
  const res = await page.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectNoViolations(where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

async function checkWidths(name: string) {
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await expectNoViolations(`${name} at ${width}`);
    await browser.screenshot(`${name}-${width}`);
  }
  await browser.setWidth(1280);
}

async function guideShot(name: string) {
  if (!guide) return;
  await mkdir(guideDir, { recursive: true });
  await browser.setWidth(1280);
  await page.locator('main').screenshot({ path: path.join(guideDir, `${name}.png`), animations: 'disabled' });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await signUpAndOnboard(page, { name: 'Ann Owner', email: 'ann@owner-law.test', password: PASSWORD, lawFirm: 'Owner Law' });
  // Cy and Dee join as members.
  await inviteAndJoin(page, { name: 'Cy Lee', email: 'cy@owner-law.test', password: PASSWORD });
  await signInAs('ann@owner-law.test');
  await inviteAndJoin(page, { name: 'Dee Park', email: 'dee@owner-law.test', password: PASSWORD });
  await signInAs('ann@owner-law.test');
  // Vi joins as a viewer: she never scores, so she reads the scores once the decision is final.
  await inviteAndJoin(page, { name: 'Vi Viewer', email: 'vi@owner-law.test', password: PASSWORD, role: 'viewer' });
  await signInAs('ann@owner-law.test');
  // Two vendors of one category on the shortlist, their demos held.
  const list = (await (await page.request.get('/api/profile/category-adoption')).json()) as {
    items: { category: { id: number; name: string }; vendors: { id: number; name: string }[] }[];
  };
  const item = list.items.find((i) => i.vendors.length >= 2)!;
  category = item.category;
  vendors = item.vendors.slice(0, 2);
  for (const v of vendors) {
    const res = await page.request.put(`/api/shortlist/${v.id}`, { data: { status: 'Demo held' } });
    expect(res.ok()).toBe(true);
  }
  // The criteria, then three members score both vendors (through the API): they disagree on
  // the first vendor's ease of use.
  const criteria = await page.request.put(`/api/evaluations/${category.id}/criteria`, {
    data: {
      criteria: [
        { name: 'Ease of use', weight: 60 },
        { name: 'Price', weight: 40 },
      ],
    },
  });
  expect(criteria.status(), await criteria.text()).toBe(200);
  const ids = ((await criteria.json()) as { criteria: { id: string }[] }).criteria.map((c) => c.id);
  const scores: [string, [number, number], [number, number]][] = [
    ['ann@owner-law.test', [5, 5], [3, 3]],
    ['cy@owner-law.test', [5, 4], [3, 3]],
    ['dee@owner-law.test', [2, 4], [3, 3]],
  ];
  for (const [email, first, second] of scores) {
    await signInAs(email);
    for (const [vendor, values] of [
      [vendors[0]!, first],
      [vendors[1]!, second],
    ] as const) {
      const path = `/api/evaluations/${category.id}/scorecards/${vendor.id}`;
      const saved = await page.request.put(path, {
        data: { scores: ids.map((criterionId, i) => ({ criterionId, score: values[i], comment: '' })) },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      const submitted = await page.request.post(`${path}/submit`, { data: {} });
      expect(submitted.status(), await submitted.text()).toBe(200);
    }
  }
  await signInAs('ann@owner-law.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a decision is proposed, approved, made stale by an edit, approved by both, final and printed with its hash', async () => {
  const [chosen, other] = vendors as [{ id: number; name: string }, { id: number; name: string }];
  await page.goto('/decisions');
  await page.getByRole('heading', { name: 'Decisions', level: 1 }).waitFor();
  await checkWidths('decisions-list');
  await page.getByLabel('Category').selectOption({ value: String(category.id) });
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Propose a decision', level: 1 }).waitFor();
  // Pre-filled from the scores: the highest weighted score first, the criteria where it led.
  expect(await page.getByLabel('Chosen vendor').inputValue()).toBe(String(chosen.id));
  expect(await page.getByLabel('Runner-up').inputValue()).toBe(String(other.id));
  expect(await page.getByLabel('Reasons').inputValue()).toContain(`${chosen.name} had the highest weighted score`);
  await page.getByLabel('Annual cost (USD)').fill('12,000');
  await page.getByLabel('Start date').fill('2026-03-01');
  expect(await page.getByRole('checkbox', { name: 'Ann Owner (owner)' }).isChecked()).toBe(true);
  // Cy ticked from the keyboard.
  await page.getByRole('checkbox', { name: 'Cy Lee (member)' }).focus();
  await page.keyboard.press('Space');
  await checkWidths('decision-propose');
  await guideShot('1-propose-a-decision');
  await page.getByRole('button', { name: 'Propose' }).click();

  await page.getByRole('heading', { name: `Decision: ${category.name}, ${chosen.name}`, level: 1 }).waitFor();
  const approvals = page.getByRole('region', { name: 'Approvals' });
  await approvals.getByText('Waiting').first().waitFor();
  // The record holds the evaluation and its disagreement flag.
  await page.getByText('Talk about this before deciding: Ease of use').waitFor();
  await checkWidths('decision-open');
  // The viewer reads the open decision without anyone's scorecard, and is told why (issue 44).
  await signInAs('vi@owner-law.test');
  await page.reload();
  await page.getByRole('note').getByText('Scores and comments appear once the decision is final').waitFor();
  await page.getByText(`${chosen.name}: scores hidden for now`).waitFor();
  expect(await page.getByText('No scorecard submitted.').count()).toBe(0);
  expect(await page.getByText('Talk about this before deciding').count()).toBe(0);
  await checkWidths('decision-open-viewer');
  await signInAs('ann@owner-law.test');
  await page.reload();
  // For an approver, Approve is the page's main action: above the record, the only filled button,
  // and on the first screen at a laptop's size; Print is a secondary one. The hash is shown once.
  const approve = page.getByRole('button', { name: 'Approve version 1' });
  await approve.waitFor();
  const facts = page.getByRole('heading', { name: 'Evaluation', level: 2 });
  expect((await approve.boundingBox())!.y).toBeLessThan((await facts.boundingBox())!.y);
  expect((await approve.boundingBox())!.y + 40).toBeLessThan(page.viewportSize()!.height);
  expect(await page.getByRole('button', { name: 'Print' }).getAttribute('class')).toContain('border');
  const open = (await page.request
    .get(`/api/decisions${new URL(page.url()).pathname.replace('/decisions', '')}`)
    .then((r) => r.json())) as {
    versionHash: string;
  };
  const shown = (await page.locator('main').innerText()).split(open.versionHash);
  expect(shown.length - 1).toBe(2); // the header, and version 1 in the list of versions
  await approve.click();
  await approvals.getByText('Approved this version').waitFor();

  // An edit makes Ann's approval stale; the screen says what changed.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('region', { name: 'Edit the decision' });
  await edit.getByLabel('Annual cost (USD)').fill('14,500');
  await edit.getByRole('button', { name: 'Save as a new version' }).click();
  await approvals.getByText('Approved an earlier version (version 1)').waitFor();
  await approvals.getByText('Annual cost: $12,000 → $14,500').waitFor();
  await checkWidths('decision-stale');
  await guideShot('2-what-changed-since');

  // Cy approves version 2, then Ann: final.
  await signInAs('cy@owner-law.test');
  await page.reload();
  await page.getByRole('button', { name: 'Approve version 2' }).click();
  await approvals.getByText('Approved this version').waitFor();
  await signInAs('ann@owner-law.test');
  await page.reload();
  await page.getByRole('button', { name: 'Approve version 2' }).click();
  await page.getByText(/^Final since/).waitFor();
  await page.getByText(`${chosen.name} is now the category's tool in your tech stack.`).waitFor();
  await checkWidths('decision-final');
  // Final: the viewer reads the scorecards now.
  await signInAs('vi@owner-law.test');
  await page.reload();
  await page.getByText('Talk about this before deciding: Ease of use').waitFor();
  expect(await page.getByRole('note').count()).toBe(0);
  await signInAs('ann@owner-law.test');
  await page.reload();
  await page.getByText(/^Final since/).waitFor();
  await guideShot('3-final-decision');

  // The record prints with its hash in the footer, navigation hidden.
  const hash = (await page.request.get(`/api/decisions`).then((r) => r.json())) as { items: { id: number }[] };
  const decision = (await page.request.get(`/api/decisions/${hash.items[0]!.id}`).then((r) => r.json())) as { versionHash: string };
  await page.emulateMedia({ media: 'print' });
  const footer = page.getByTestId('print-footer');
  expect(await footer.isVisible()).toBe(true);
  expect(await footer.textContent()).toContain(decision.versionHash);
  expect(await page.getByRole('complementary').isVisible()).toBe(false);
  const pdf = await page.pdf({ format: 'Letter' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  // The shortlist says who was not chosen.
  await page.goto('/shortlist');
  const status = (name: string) => page.getByLabel(`Status of ${name}`);
  await status(other.name).waitFor();
  expect(await status(other.name).inputValue()).toBe('Not chosen');
  expect(await status(chosen.name).inputValue()).toBe('Chosen');
  // The final decision answered "Did you choose it?" for both: nobody is asked again (issue 77).
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    expect(await page.getByRole('group', { name: 'Did you choose it?' }).count(), `${width} px`).toBe(0);
  }
  await browser.setWidth(1440);
});

test('the round closed with the proposal: a member who never scored is offered no scorecard, and one sent is refused', async () => {
  const [chosen] = vendors as [{ id: number; name: string }];
  await inviteAndJoin(page, { name: 'Eli Late', email: 'eli@owner-law.test', password: PASSWORD });
  await page.goto(`/evaluations/${category.id}`);
  await page.getByRole('heading', { name: 'Evaluation', level: 1 }).waitFor();
  const closed = page.getByRole('status').filter({ hasText: 'Closed on' });
  await closed.getByText(`Closed on ${formatDate(day(0))} for the proposed decision: its scores are final.`).waitFor();
  await closed.getByRole('link', { name: 'Open the decision' }).waitFor();
  expect(await page.getByRole('region', { name: 'Your scores', exact: true }).count()).toBe(0);
  expect(await page.getByRole('button', { name: `Submit scorecard for ${chosen.name}` }).count()).toBe(0);
  await checkWidths('evaluation-closed');
  // Sent anyway, the scorecard is refused with the reason, and the decision's record is unmoved.
  const late = await page.request.put(`/api/evaluations/${category.id}/scorecards/${chosen.id}`, {
    data: { scores: [] },
  });
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { error: string }).error).toContain('for the proposed decision');
  await signInAs('ann@owner-law.test');
  const list = (await page.request.get('/api/decisions').then((r) => r.json())) as { items: { id: number; version: number }[] };
  expect(list.items[0]!.version).toBe(2);
});

test('the final decision leads to its contract, which starts with its cost and start date, and the renewal row names the notice day', async () => {
  const [chosen] = vendors as [{ id: number; name: string }];
  const list = (await page.request.get('/api/decisions').then((r) => r.json())) as { items: { id: number }[] };
  await page.goto(`/decisions/${list.items[0]!.id}`);
  await page.getByText(/^Final since/).waitFor();
  await page.getByRole('link', { name: 'Add its contract' }).click();
  await page.waitForURL(/\/tech-stack\?contract=\d+#renewals-heading$/);
  const tools = page.getByRole('list', { name: 'Tools and their contracts' });
  const dialog = page.getByRole('dialog', { name: `Contract: ${chosen.name}` });
  // Version 2 of the decision holds $14,500 from March 1, 2026.
  await dialog.getByText(/^The start date and annual cost come from the final decision of /).waitFor();
  expect(await dialog.getByLabel('Start date').inputValue()).toBe('2026-03-01');
  expect(await dialog.getByLabel('Annual cost (USD)').inputValue()).toBe('14500');
  await checkWidths('decision-contract');
  await dialog.getByLabel('Seats').fill('6');
  await dialog.getByLabel('Renewal date').fill(day(100));
  await dialog.getByRole('button', { name: 'Save contract' }).click();
  await dialog.waitFor({ state: 'detached' });
  // 30 days' notice (the dialog's default) before a renewal 100 days away.
  await tools.getByText(`Notice due in 70 days, by ${formatDate(day(70))}`, { exact: true }).waitFor();
  await tools.getByText(/\$14,500 a year/).waitFor();
});
