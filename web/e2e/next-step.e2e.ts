import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, webDir, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The one suggested next step on /matches (issue 45), as the server orders them: a firm of one
// is asked to invite a colleague; once there are colleagues, the owner is asked to answer the
// questionnaire of the first stage not started; three Intake vendors on the shortlist ask for an
// evaluation of Intake; a contract's notice date within 30 days comes before that, for every
// role. A viewer is never offered a step that writes. With LITSTACK_GUIDE_SHOTS=1
// it also writes /matches on a fresh install and the Firm page to docs/guide/ at 1280 and 390 px.

const PASSWORD = 'a-long-and-unusual-passphrase-42';
const INTAKE = 2;
const INTAKE_VENDORS = [11, 12, 17];

const guideDir = path.resolve(webDir, '..', 'docs', 'guide');
const guide = process.env.LITSTACK_GUIDE_SHOTS === '1';

let server: TestServer;
let owner: TestBrowser;
let viewer: TestBrowser;
let member: TestBrowser;

const nextStep = (page: Page) => page.getByRole('region', { name: 'Next step' });

/** Waits until /matches has drawn its stages, so that a missing card is missing, not late. */
async function openMatches(page: Page) {
  await page.goto('/matches');
  await page.getByRole('region', { name: 'Progress' }).waitFor();
  await page.getByText(/\d+ of \d+ stages completed/).waitFor();
}

async function expectCalm(browser: TestBrowser, what: string) {
  const { page } = browser;
  const violations = await axeViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
  for (const width of [390, 1280]) {
    await browser.setWidth(width);
    await page.waitForTimeout(100);
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scrollWidth, `${what} at ${width} px`).toBeLessThanOrEqual(innerWidth);
  }
  await browser.setWidth(1440);
}

async function guideShots(browser: TestBrowser, name: string) {
  if (!guide) return;
  await mkdir(guideDir, { recursive: true });
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(150);
    await browser.page.screenshot({ path: path.join(guideDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await browser.setWidth(1440);
}

/** The owner invites `email` as `role`; the invitee joins in their own browser. */
async function join(browser: TestBrowser, name: string, email: string, role: 'member' | 'viewer') {
  const invitation = await owner.page.request.post('/api/firm/invitations', { data: { email, role } });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const token = ((await invitation.json()) as { link: string }).link.split('/join#')[1] ?? '';
  const joined = await browser.page.request.post('/api/auth/sign-up', { data: { name, email, password: PASSWORD, inviteToken: token } });
  expect(joined.status(), await joined.text()).toBe(201);
}

beforeAll(async () => {
  server = await startServer();
  owner = await launchBrowser({ baseURL: server.url });
  viewer = await launchBrowser({ baseURL: server.url });
  member = await launchBrowser({ baseURL: server.url });
  await signUpAndOnboard(owner.page, { name: 'Nora Step', email: 'nora@step-law.test', password: PASSWORD, lawFirm: 'Step Injury Law' });
});

afterAll(async () => {
  await Promise.all([owner?.close(), viewer?.close(), member?.close()]);
  await server?.stop();
});

describe('the next step on /matches', () => {
  test('a firm of one is asked to invite a colleague, and the card opens the Firm page’s invitation form', async () => {
    const page = owner.page;
    await openMatches(page);
    await expect.poll(() => nextStep(page).innerText()).toContain('Invite a colleague');
    // One card, one way on.
    expect(await page.getByRole('region', { name: 'Next step' }).count()).toBe(1);
    expect(await nextStep(page).getByRole('link').count()).toBe(1);
    await owner.screenshotAtWidths('next-step-invite', { fullPage: false });
    await guideShots(owner, 'matches-fresh');
    await expectCalm(owner, '/matches with the next step');
    await nextStep(page).getByRole('link', { name: 'Invite a colleague' }).click();
    await page.waitForURL('**/firm');
    await page.getByRole('form', { name: 'Invite a person' }).waitFor();
  });

  test('with colleagues, the owner is asked to answer the first stage’s questionnaire, which the card opens', async () => {
    await join(member, 'Mo Member', 'mo@step-law.test', 'member');
    await join(viewer, 'Vi Viewer', 'vi@step-law.test', 'viewer');
    const page = owner.page;
    await openMatches(page);
    await expect.poll(() => nextStep(page).innerText()).toMatch(/Answer the questionnaire for \S/);
    // The stage it names is the first not started, as the stage list shows it.
    const stageName = (await nextStep(page).innerText()).match(/Answer the questionnaire for (.+)/)?.[1]?.trim();
    expect(stageName).toBeTruthy();
    await expectCalm(owner, '/matches asking for a questionnaire');
    await nextStep(page).getByRole('link', { name: 'Answer the questionnaire' }).click();
    await page.getByRole('dialog', { name: /Questionnaire/ }).waitFor();
    await page.keyboard.press('Escape');

    // The Firm page: members first, the rest in tabs, moved through with the arrow keys.
    await page.goto('/firm');
    await page.getByRole('row', { name: /Vi Viewer/ }).waitFor();
    await guideShots(owner, 'firm');
    const tabs = page.getByRole('tablist', { name: 'Firm settings' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Details', 'Security', 'What firms pay', 'Audit log']);
    await tabs.getByRole('tab', { name: 'Details' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await tabs.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Security');
    await page.getByRole('tabpanel', { name: 'Security' }).getByRole('region', { name: 'Single sign-on' }).waitFor();
    await expectCalm(owner, '/firm on its Security tab');
    await page.keyboard.press('End');
    await page.getByRole('list', { name: 'Audit log' }).waitFor();
    await expectCalm(owner, '/firm on its Audit log tab');
  });

  test('a viewer is offered no step they cannot take, and sees only the Firm tabs they may read', async () => {
    const page = viewer.page;
    await openMatches(page);
    // The stage list is drawn: a card that were coming would be here.
    await page.getByRole('heading', { name: 'Stages of a case' }).waitFor();
    expect(await nextStep(page).count()).toBe(0);

    await page.goto('/firm');
    const tabs = page.getByRole('tablist', { name: 'Firm settings' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Details', 'Security', 'What firms pay']);
  });

  test('on a phone, the menu shows the same groups as the sidebar', async () => {
    const page = owner.page;
    await owner.setWidth(390);
    try {
      await openMatches(page);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      const nav = drawer.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Choose', 'Decide', 'Your firm', 'This install']);
      expect(await nav.getByRole('list', { name: 'Decide' }).getByRole('link').allInnerTexts()).toEqual(['Shortlist', 'Decisions']);
      await owner.screenshot('next-step-phone-menu', { fullPage: false });
      const violations = await axeViolations(page);
      expect(violations, `the phone menu:\n${describeViolations(violations)}`).toEqual([]);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    } finally {
      await owner.setWidth(1440);
    }
  });

  test('three Intake vendors on the shortlist ask for an evaluation of Intake; the viewer still gets no step', async () => {
    const statuses = await owner.page.evaluate(async (vendorIds) => {
      const out: number[] = [];
      for (const id of vendorIds) {
        const res = await fetch(`/api/shortlist/${id}`, {
          method: 'PUT',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        out.push(res.status);
      }
      return out;
    }, INTAKE_VENDORS);
    for (const status of statuses) expect(status).toBeLessThan(300);

    for (const browser of [member, owner]) {
      const page = browser.page;
      await openMatches(page);
      await expect.poll(() => nextStep(page).innerText()).toContain('Start an evaluation of Intake');
      expect(await nextStep(page).innerText()).toContain('3 vendors are on your shortlist');
    }
    await expectCalm(owner, '/matches asking for an evaluation');

    await openMatches(viewer.page);
    await viewer.page.getByRole('heading', { name: 'Stages of a case' }).waitFor();
    expect(await nextStep(viewer.page).count()).toBe(0);

    await nextStep(owner.page).getByRole('link', { name: 'Start an evaluation' }).click();
    await owner.page.waitForURL(`**/evaluations/${INTAKE}`);
  });

  test('a notice date within 30 days comes before the evaluation, for every role, and the card opens the renewals', async () => {
    const page = owner.page;
    const me = ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } }).user.id;
    const tool = INTAKE_VENDORS[1]!;
    const adopted = await page.request.post('/api/profile/category-adoption', {
      data: { items: [{ categoryId: INTAKE, hasTool: true, selectedVendorIds: [tool] }] },
    });
    expect(adopted.ok(), await adopted.text()).toBe(true);
    // A 12-month term from today whose notice period leaves 10 days to give notice.
    const start = new Date();
    const renewal = new Date(start);
    renewal.setUTCMonth(renewal.getUTCMonth() + 12);
    const noticeDays = Math.round((renewal.getTime() - start.getTime()) / 86_400_000) - 10;
    const contract = await page.request.put(`/api/techstack/${tool}/contract`, {
      data: {
        startDate: start.toISOString().slice(0, 10),
        termMonths: 12,
        noticeDays,
        annualCost: 1_200_000,
        seats: 8,
        responsibleUserId: me,
      },
    });
    expect(contract.ok(), await contract.text()).toBe(true);
    const deadline = ((await contract.json()) as { optOutDeadline: string }).optOutDeadline;

    for (const browser of [viewer, owner]) {
      await openMatches(browser.page);
      await expect.poll(() => nextStep(browser.page).innerText()).toMatch(/Notice for .+ is due in (9|10|11) days/);
      expect(await nextStep(browser.page).getByRole('link').allInnerTexts()).toEqual(['See renewals']);
    }
    expect(deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectCalm(owner, '/matches with a notice date near');
    await nextStep(page).getByRole('link', { name: 'See renewals' }).click();
    await page.waitForURL('**/tech-stack*');
    const heading = page.locator('#renewals-heading');
    await heading.waitFor();
    // The renewals sit below the coverage map, which may be drawn after them: the card's link
    // brings them into view and keeps them there once the map has pushed them down.
    await page.locator('#coverage-heading').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await owner.screenshot('next-step-renewals', { fullPage: false });
  });
});
