import { request, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The coverage map on /tech-stack and its strip on /matches: with 4 other firms of the user's size
// the shares are held back ("not enough firms yet"); a fifth firm's saved tech stack shows them.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const STAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const stackOf = (yes: number[]) => ({ items: STAGES.map((categoryId) => ({ categoryId, hasTool: yes.includes(categoryId) })) });

/** Another firm (its own law-firm name and cookie jar) of 6-20 employees that saved its stack. */
async function peerFirm(n: number, yes: number[]) {
  const api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  const signUp = await api.post('/api/auth/sign-up', {
    data: { name: `Peer ${n}`, email: `peer${n}@peers.test`, password: 'compare-my-stack-1', lawFirm: `Peer Firm ${n}`, firmSize: 'E6_20' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  // Only verified firms are evidence for others: the operator (the first account, on `page`) verifies it.
  const firmId = (await signUp.json()).user.firm.id;
  const verified = await page.request.patch(`/api/admin/firms/${firmId}`, { data: { verified: true } });
  expect(verified.status(), await verified.text()).toBe(200);
  const save = await api.post('/api/profile/category-adoption', { data: stackOf(yes) });
  expect(save.status(), await save.text()).toBe(200);
  await api.dispose();
}

const map = () => page.getByRole('region', { name: 'Your coverage' });
const mapItem = (text: string) => map().getByRole('listitem').filter({ hasText: text });

async function expectAccessible(what: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(200);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
}

async function screenshots(name: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(150);
    await browser.screenshot(`${name}-${width}`);
    await browser.screenshot(`${name}-${width}-top`, { fullPage: false });
  }
  await browser.setWidth(1280);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.setWidth(1280);
  await signUpAndOnboard(page, 'viewer@doe-injury.test');
  // The viewer has lead generation and intake, no document drafting tool, the rest unanswered.
  const save = await page.request.post('/api/profile/category-adoption', {
    data: { items: [1, 2, 3].map((categoryId) => ({ categoryId, hasTool: categoryId !== 3 })) },
  });
  expect(save.status()).toBe(200);
  // Four other firms of the same size, each with stages 1-7.
  for (const n of [1, 2, 3, 4]) await peerFirm(n, [1, 2, 3, 4, 5, 6, 7]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the coverage map', () => {
  test('with four firms of the size, no share is shown', async () => {
    await page.goto('/tech-stack');
    await map()
      .getByText('Your tech stack covers 2 of 9 stages; not enough firms your size yet to say how many they usually cover')
      .waitFor();
    await map()
      .getByText('Compared with fewer than 5 other firms of 6-20 employees that saved their tech stack (firm size from your profile).')
      .waitFor();
    await mapItem('Intake').getByText('Has a tool').waitFor();
    await mapItem('Intake').getByText('Firms your size: not enough firms yet').waitFor();
    expect(
      await map()
        .getByText(/% have/)
        .count(),
    ).toBe(0);
    await mapItem('Case Setup & Document Drafting').getByText('No tool').waitFor();
    await mapItem('Staffing').getByText('Not answered').waitFor();
    await screenshots('coverage-4-firms');
    await expectAccessible('/tech-stack with 4 firms');
  });

  test('a fifth firm shows the shares and the usual number of stages', async () => {
    await peerFirm(5, [1]);
    await page.goto('/tech-stack');
    await map().getByText('Your tech stack covers 2 of 9 stages; firms your size usually cover 7').waitFor();
    await map()
      .getByText(/^Compared with 5 other firms of 6-20 employees/)
      .waitFor();
    await mapItem('Intake').getByText('Firms your size: 80% have an intake tool').waitFor();
    await mapItem('Lead Generation').getByText('Firms your size: 100% have a lead generation tool').waitFor();
    await mapItem('Staffing').getByText('Firms your size: 0% have a staffing tool').waitFor();
    // Nobody answered the categories outside the stages.
    await mapItem('Practice Management').getByText('Firms your size: not enough firms yet').waitFor();
    // Covered stages have no questionnaire link; gaps do.
    expect(await mapItem('Intake').getByRole('link').count()).toBe(0);
    await screenshots('coverage-5-firms');
    await expectAccessible('/tech-stack with 5 firms');
  });

  test("a gap opens that category's questionnaire", async () => {
    await mapItem('Case Setup & Document Drafting').getByRole('link', { name: 'Find a case setup & document drafting tool' }).click();
    await page.waitForURL('**/matches?categoryId=3');
    await page.getByRole('dialog', { name: 'Questionnaire' }).waitFor();
  });

  test('the progress banner on /matches is the one progress figure, with what firms your size have', async () => {
    await page.goto('/matches');
    const banner = page.getByRole('region', { name: 'Progress' });
    // Two stages with a tool: completed; the coverage strip is no longer a second figure.
    await banner.getByText('2 of 9 stages completed').waitFor();
    await banner
      .getByText(/^Your tech stack has tools for 2 stages; \d+ stages? in progress; firms your size usually have tools for 7 stages\.$/)
      .waitFor();
    expect(await page.getByRole('region', { name: 'Your coverage' }).count()).toBe(0);
    await screenshots('coverage-banner');
    await expectAccessible('/matches with the progress banner');
    await banner.getByRole('link', { name: 'See the coverage map' }).click();
    await page.waitForURL('**/tech-stack');
  });
});
