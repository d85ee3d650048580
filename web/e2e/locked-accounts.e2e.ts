import { request, type APIRequestContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The operator's "Locked accounts" screen, /admin/locked-accounts: an account that ten wrong passwords
// locked is listed, and unlocking it lets its owner sign in from that address again.

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let ann: APIRequestContext;

const ANN = { email: 'ann@locked-out.test', password: 'my-own-long-phrase-9' };

const section = () => page.getByRole('region', { name: 'Locked now' });

async function signInAsAnn(password: string): Promise<number> {
  const res = await ann.post('/api/auth/sign-in', { data: { email: ANN.email, password } });
  return res.status();
}

async function expectAccessible(what: string) {
  for (const width of [widths.desktop, widths.phone]) {
    await browser.setWidth(width);
    await page.waitForTimeout(200);
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(widths.desktop);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await signUpAndOnboard(page, 'ops@locked-out.test');
  ann = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  const signUp = await ann.post('/api/auth/sign-up', {
    data: { name: 'Ann Doe', email: ANN.email, password: ANN.password, lawFirm: 'Doe Injury Law', firmSize: 'E6_20' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
});

afterAll(async () => {
  await ann?.dispose();
  await browser?.close();
  await server?.stop();
});

describe('locked accounts', () => {
  test('none is listed at first; the screen is in the install’s group of the sidebar, not on Import', async () => {
    await page.goto('/admin/import');
    await page.getByRole('button', { name: 'Import Demo Bookings' }).waitFor();
    expect(await page.getByText('No account is locked.').count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('list', { name: 'This install' })
      .getByRole('link', { name: 'Locked accounts' })
      .click();
    await page.waitForURL('**/admin/locked-accounts');
    await page.getByRole('heading', { name: 'Locked accounts', level: 1 }).waitFor();
    await section().getByText('No account is locked.').waitFor();
  });

  test('an account locked by wrong passwords is listed, unlocked, and its owner signs in', async () => {
    for (let i = 0; i < 10; i++) expect(await signInAsAnn('wrong-password-1')).toBe(401);
    expect(await signInAsAnn(ANN.password)).toBe(429);

    await page.goto('/admin/locked-accounts');
    const list = section().getByRole('list', { name: 'Locked accounts' });
    await list.getByText(ANN.email).waitFor();
    expect(await list.getByText(/Too many failed sign-ins from 1 address/).count()).toBe(1);
    await expectAccessible('the locked accounts section');
    await section().scrollIntoViewIfNeeded();
    await browser.screenshotAtWidths('locked-accounts');

    await list.getByRole('button', { name: `Unlock ${ANN.email}` }).click();
    await section().getByText('No account is locked.').waitFor();
    await page.getByText('Account unlocked').first().waitFor();
    expect(await signInAsAnn(ANN.password)).toBe(200);
  });
});
