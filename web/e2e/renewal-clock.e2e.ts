import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { makeDataDir, removeDataDir, startServer, type TestServer } from './support/server';
import { addAToolToTheStack, signUpAndOnboard } from './support/session';

// The server's own clock at work: the binary starts with LITSTACK_CLOCK_START at set dates on one
// data directory. A contract whose opt-out deadline is 100 days ahead sends nothing; restarted
// with the clock 90 days before the deadline, the owner's bell has the 90-day reminder; restarted
// 60 days before, exactly one more; restarted again that day, no duplicate. The tech stack shows
// "Notice due in N days" by the set clock, not by the machine's.

const EMAIL = 'ida@clock-law.test';
const PASSWORD = 'renewals-on-time-1';

let dataDir: string;
let server: TestServer | undefined;
let browser: TestBrowser | undefined;
let tool: { id: number; name: string };

/** The opt-out deadline: 200 days after today (UTC), whatever today is. */
const deadline = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 200));
})();

/** The deadline plus `days`, as YYYY-MM-DD. */
function fromDeadline(days: number): string {
  const d = new Date(deadline);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Starts the binary on the test's data with its clock `days` from the deadline at 09:00 UTC. */
async function startAt(days: number): Promise<Page> {
  await browser?.close();
  await server?.stop();
  server = await startServer({ dataDir, clockStart: `${fromDeadline(days)}T09:00:00Z` });
  expect(server.output()).toContain(`The clock starts at ${fromDeadline(days)}T09:00:00Z, not the system's time`);
  browser = await launchBrowser({ baseURL: server.url });
  await browser.setWidth(1280);
  return browser.page;
}

async function signIn(page: Page) {
  const signedIn = await page.request.post('/api/auth/sign-in', { data: { email: EMAIL, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

type Notices = { unread: number; items: { title: string; kind: string }[] };

async function renewalTitles(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/notifications');
  expect(response.ok(), await response.text()).toBe(true);
  const list = (await response.json()) as Notices;
  return list.items.map((n) => n.title).filter((t) => t.startsWith('Notice for '));
}

async function expectNoViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

beforeAll(async () => {
  dataDir = await makeDataDir();
  const page = await startAt(-100);
  const me = await signUpAndOnboard(page, { name: 'Ida Wells', email: EMAIL, password: PASSWORD, lawFirm: 'Clock Law' });
  tool = await addAToolToTheStack(page);
  // Renews 30 days after the deadline with 30 days' notice: the deadline is the one above.
  const contract = await page.request.put(`/api/techstack/${tool.id}/contract`, {
    data: {
      startDate: fromDeadline(30 - 365),
      termMonths: 12,
      renewalDate: fromDeadline(30),
      noticeDays: 30,
      annualCost: 1_200_000,
      seats: 8,
      responsibleUserId: me,
    },
  });
  expect(contract.ok(), await contract.text()).toBe(true);
  expect(((await contract.json()) as { optOutDeadline: string }).optOutDeadline).toBe(fromDeadline(0));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await removeDataDir(dataDir);
});

test('100 days before the deadline the tech stack counts down by the set clock and nothing is sent', async () => {
  const page = browser!.page;
  await page.goto('/tech-stack');
  const tools = page.getByRole('list', { name: 'Tools and their contracts' });
  await tools.getByText('Notice due in 100 days').waitFor();
  expect(await renewalTitles(page)).toEqual([]);
});

test('restarted 90 days before, the bell has the 90-day reminder', async () => {
  const page = await startAt(-90);
  await signIn(page);
  expect(await renewalTitles(page)).toEqual([`Notice for ${tool.name} is due in 90 days (${fromDeadline(0)})`]);
  await page.goto('/tech-stack');
  await page.getByRole('list', { name: 'Tools and their contracts' }).getByText('Notice due in 90 days').waitFor();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const bell = page.getByRole('region', { name: 'Your notifications' });
  await bell.getByText(`Notice for ${tool.name} is due in 90 days (${fromDeadline(0)})`).waitFor();
  await expectNoViolations(page, 'the bell with the reminder');
  await browser!.screenshot('renewal-clock-bell-1280', { fullPage: false });
});

test('restarted 60 days before, exactly one more; restarted again that day, no duplicate', async () => {
  let page = await startAt(-60);
  await signIn(page);
  const sixty = `Notice for ${tool.name} is due in 60 days (${fromDeadline(0)})`;
  const ninety = `Notice for ${tool.name} is due in 90 days (${fromDeadline(0)})`;
  expect(await renewalTitles(page)).toEqual([sixty, ninety]);
  await page.goto('/tech-stack');
  await page.getByRole('list', { name: 'Tools and their contracts' }).getByText('Notice due in 60 days').waitFor();

  page = await startAt(-60);
  await signIn(page);
  expect(await renewalTitles(page)).toEqual([sixty, ninety]);
});
