import { execFileSync } from 'node:child_process';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, webDir, type TestServer } from './support/server';
import { addAToolToTheStack, signUpAndOnboard } from './support/session';

// A member lists a tool, saves its contract on /tech-stack and reads "Notice due in 23 days";
// the calendar download parses with a real iCalendar parser (scripts/ics-check.sh: the icalendar
// package from PyPI) and holds that deadline. Dates are relative to today (UTC), the server's.

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let tool: { id: number; name: string };

/** Today plus `days`, as YYYY-MM-DD in UTC. */
function day(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await signUpAndOnboard(page, { name: 'Ida Wells', email: 'ida@wells-law.test', password: 'renewals-please-1', lawFirm: 'Wells Law' });
  // One catalog tool in the firm's stack.
  tool = await addAToolToTheStack(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectNoViolations(where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

test('a contract saved on the tech stack shows its notice deadline, and the calendar holds it', async () => {
  await page.goto('/tech-stack');
  const tools = page.getByRole('list', { name: 'Tools and their contracts' });
  await tools.getByText('No contract saved').waitFor();

  await tools.getByRole('button', { name: `Contract: ${tool.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Contract: ${tool.name}` });
  await dialog.getByLabel('Start date').fill(day(-300));
  await dialog.getByLabel('Term (months)').fill('12');
  await dialog.getByLabel('Renewal date').fill(day(40));
  await dialog.getByLabel('Notice period (days)').fill('17');
  await dialog.getByLabel('Annual cost (USD)').fill('12,000');
  await dialog.getByLabel('Seats').fill('8');
  await dialog.getByLabel('Responsible person').selectOption({ label: 'Ida Wells (you)' });
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await expectNoViolations(`the contract dialog at ${width}`);
    await browser.screenshot(`renewals-dialog-${width}`, { fullPage: false });
  }
  await browser.setWidth(1280);
  // A bad value: the server's message, on its field.
  await dialog.getByLabel('Seats').fill('0');
  await dialog.getByRole('button', { name: 'Save contract' }).click();
  await dialog.getByText(/^seats must be a whole number from 1 to 100000/).waitFor();
  await dialog.getByLabel('Seats').fill('8');
  await dialog.getByLabel('Seats').press('Enter');
  await dialog.waitFor({ state: 'detached' });

  await tools.getByText('Notice due in 23 days').waitFor();
  await tools.getByText(/Renews on .* · \$12,000 a year · Ida Wells/).waitFor();
  for (const width of [1280, 390]) {
    await browser.setWidth(width);
    await expectNoViolations(`the tech stack with a contract at ${width}`);
    await browser.screenshot(`renewals-list-${width}`);
  }
  await browser.setWidth(1280);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download calendar (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('litstack-renewals.ics');
  const file = (await download.path())!;
  const parsed = JSON.parse(execFileSync('bash', [path.join(webDir, '..', 'scripts', 'ics-check.sh'), file], { encoding: 'utf8' })) as {
    events: { uid: string; start: string; summary: string }[];
  };
  expect(parsed.events).toHaveLength(1);
  expect(parsed.events[0]!.start).toBe(day(23));
  expect(parsed.events[0]!.summary).toContain(tool.name);
  expect(parsed.events[0]!.uid).toMatch(/^renewal-[0-9a-f]{32}@litstack$/);

  // The owner makes the calendar feed and sees its URL once.
  await page.getByRole('button', { name: 'Create calendar feed' }).click();
  const feed = page.getByRole('dialog', { name: 'Calendar feed' });
  const url = await feed.getByLabel('Calendar feed URL').inputValue();
  expect(url).toMatch(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  await expectNoViolations('the calendar feed dialog');
  await feed.getByRole('button', { name: 'Done' }).click();
  await page.getByText(/Your firm's calendar feed is on/).waitFor();
});
