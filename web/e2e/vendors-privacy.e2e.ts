import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Out of the box no vendor look-up leaves the firm's network (public icon services are the
// operator's opt-in, --third-party-logos): browsing the directory makes no request to any other host.

let server: TestServer;
let browser: TestBrowser;
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  browser.context.on('request', (request) => requested.push(request.url()));
  await page.goto('/auth/sign-in');
  await signUpAndOnboard(page, 'private@firm.test');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Browse Vendors with the default settings', () => {
  test('shows letter logos and asks no host but our own', async () => {
    await page.goto('/vendors');
    const list = page.getByRole('list', { name: 'Vendors' });
    await list.getByRole('article').first().waitFor();
    // Every card scrolled into view, so lazy images would have loaded.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 6').waitFor();
    await page.waitForLoadState('networkidle');

    const sources = await list.locator('[data-logo-source]').evaluateAll((els) => els.map((e) => e.getAttribute('data-logo-source')));
    expect(sources.length).toBe(24);
    expect(new Set(sources)).toEqual(new Set(['avatar']));

    const foreign = requested.filter((url) => {
      const { protocol, hostname } = new URL(url);
      if (protocol === 'data:' || protocol === 'blob:') return false;
      return !['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
    });
    expect(requested.length).toBeGreaterThan(0);
    expect(foreign).toEqual([]);
  });
});
