import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type BrowserContext, type Page } from 'playwright-core';

import { webDir } from './server';

export const screenshotDir = path.join(webDir, 'e2e', 'screenshots');

/**
 * Screenshots are for people to look at (`npm run e2e` writes them); the test command turns these
 * page screenshots off with LITSTACK_E2E_SCREENSHOTS=0, as no one looks at a CI machine's: with the
 * widths they are taken at, they took 8-17% of four screenshot-heavy files' time. What a test
 * asserts is the same either way (a few tests' own pictures of one element are still taken).
 */
const screenshots = process.env.LITSTACK_E2E_SCREENSHOTS !== '0';

/** Phone, tablet and desktop widths every screen is checked at. */
export const widths = { phone: 390, tablet: 820, desktop: 1440 } as const;
const heights: Record<number, number> = { 390: 844, 820: 1180, 1440: 900 };

export type TestBrowser = {
  context: BrowserContext;
  page: Page;
  /** Saves a screenshot (full page unless told) as e2e/screenshots/<name>.png (see `screenshots`). */
  screenshot: (name: string, options?: { fullPage?: boolean }) => Promise<void>;
  /** Screenshots at phone, tablet and desktop widths (<name>-390.png, ...), then back to desktop. */
  screenshotAtWidths: (name: string, options?: { fullPage?: boolean }) => Promise<void>;
  /** Screenshots at 1280 px and a phone's 390 px (<name>-1280.png, <name>-390.png), then back to 1280. */
  screenshotAtDesktopAndPhone: (name: string, options?: { fullPage?: boolean }) => Promise<void>;
  setWidth: (width: number) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Debian's chromium through playwright-core, in a fresh profile directory. The flags keep it
 * from reaching for the network on its own.
 */
export async function launchBrowser({ baseURL }: { baseURL: string }): Promise<TestBrowser> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'litstack-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    baseURL,
    // `page.request` calls come from Node, not the page: like the browser's own fetches, they say
    // they come from Litstack's page, which the CSRF check asks of every write with the cookie.
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
    viewport: { width: widths.desktop, height: heights[widths.desktop]! },
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(10_000);
  const page = context.pages()[0] ?? (await context.newPage());
  await mkdir(screenshotDir, { recursive: true });

  const setWidth = async (width: number) => {
    await page.setViewportSize({ width, height: heights[width] ?? 900 });
  };
  const screenshot = async (name: string, fullPage = true) => {
    if (!screenshots) return;
    const file = path.join(screenshotDir, `${name}.png`);
    const take = () => page.screenshot({ path: file, fullPage, animations: 'disabled' });
    // Headless Chromium now and then stalls on a capture just after the viewport changed (once in
    // a CI run: "taking page screenshot" past 10 s, fonts loaded); a picture for people to look at,
    // not an assertion, so it is tried once more.
    await take().catch((e: unknown) => {
      if (!(e instanceof Error) || e.name !== 'TimeoutError') throw e;
      return take();
    });
  };

  return {
    context,
    page,
    setWidth,
    screenshot: (name, { fullPage = true } = {}) => screenshot(name, fullPage),
    screenshotAtWidths: async (name, { fullPage = true } = {}) => {
      if (!screenshots) return;
      for (const width of Object.values(widths)) {
        await setWidth(width);
        await page.waitForTimeout(150);
        await screenshot(`${name}-${width}`, fullPage);
      }
      await setWidth(widths.desktop);
    },
    screenshotAtDesktopAndPhone: async (name, { fullPage = true } = {}) => {
      if (!screenshots) return;
      for (const width of [1280, widths.phone]) {
        await setWidth(width);
        await page.waitForTimeout(150);
        await screenshot(`${name}-${width}`, fullPage);
      }
      await setWidth(1280);
    },
    close: async () => {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
