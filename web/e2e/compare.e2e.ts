import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The comparison against the seed catalog: three Intake vendors put in the tray from Browse
// Vendors (Clio Grow integrates with Clio, which the firm's tech stack names; Lead Docket and
// Captorra do not), the shared address reloaded in a fresh signed-in browser, and bad addresses.

const EMAIL = 'pat@doe-injury.test';
const PASSWORD = 'browse-the-directory-1';
const IDS = { clioGrow: 17, leadDocket: 11, captorra: 13, evenUp: 43, supio: 44, caseMark: 49 };
const SHARED = `/compare?ids=${IDS.clioGrow},${IDS.leadDocket},${IDS.captorra}`;

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const tray = (p: Page = page) => p.getByRole('region', { name: 'Comparison tray' });

async function offline(b: TestBrowser) {
  // The machine is offline: logos fall back to letters; vendor pages answer locally.
  await b.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('internetdisconnected'),
  );
}

/** Finds a vendor in Browse Vendors by name and presses its Compare toggle. */
async function toggleFromBrowse(name: string) {
  const search = page.getByPlaceholder('Search vendors...');
  await search.fill(name);
  await page.waitForFunction((q) => new URLSearchParams(location.search).get('q') === q, name);
  const card = page.getByRole('article', { name, exact: true });
  await card.getByRole('button', { name: `Compare ${name}`, exact: true }).click();
}

/** Checks the comparison of the shared address as any signed-in browser of the firm sees it. */
async function expectTheComparison(p: Page) {
  const table = p.getByRole('table');
  await table.waitFor();
  // One column per vendor, in the order picked (the logo letter is decorative, the name follows).
  const headers = await table.getByRole('columnheader').allTextContents();
  expect(headers).toEqual([
    'Vendor',
    expect.stringMatching(/Clio Grow$/),
    expect.stringMatching(/Lead Docket$/),
    expect.stringMatching(/Captorra$/),
  ]);
  await table.getByRole('columnheader', { name: 'Clio Grow', exact: true }).waitFor();
  // A difference is marked, visibly and in the row header a screen reader reads with each cell.
  const integrations = table.getByRole('rowheader', { name: /^Integrations/ });
  expect(await integrations.textContent()).toContain('Differs');
  // The firm's own tool is highlighted in Clio Grow's column only.
  const stackTools = table.getByText('(in your tech stack)');
  expect(await stackTools.count()).toBe(1);
  expect(await stackTools.locator('xpath=..').textContent()).toContain('Clio');
  await p.getByText('Only Clio Grow integrates with Clio, which your firm uses.').waitFor();
}

async function expectNoAxeViolations(p: Page, where: string) {
  const violations = await axeViolations(p);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await offline(browser);
  await page.goto('/auth/sign-in');
  await signUpAndOnboard(page, EMAIL);
  const stack = await page.request.post('/api/profile/category-adoption', {
    headers: { Origin: server.url },
    data: { items: [{ categoryId: 10, hasTool: true, otherVendors: ['Clio'] }] },
  });
  expect(stack.ok(), await stack.text()).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Compare', () => {
  test('three vendors go into the tray from Browse Vendors; a fifth is refused', async () => {
    await page.goto('/vendors');
    await page.getByRole('heading', { name: 'Browse Vendors', level: 1 }).waitFor();
    expect(await tray().count()).toBe(0);

    await toggleFromBrowse('Clio Grow');
    await tray().waitFor();
    expect(await page.getByRole('button', { name: 'Comparing Clio Grow', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await tray().getByRole('button', { name: 'Compare (1)' }).isDisabled()).toBe(true);
    await toggleFromBrowse('Lead Docket');
    await toggleFromBrowse('Captorra');
    await toggleFromBrowse('Lawmatics');
    await tray().getByRole('link', { name: 'Compare (4)' }).waitFor();

    await toggleFromBrowse('Ruby');
    await page.getByText('You can compare up to 4 vendors', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Compare Ruby', exact: true }).getAttribute('aria-pressed')).toBe('false');

    // Removed from the tray by keyboard.
    await tray().getByRole('button', { name: 'Remove Lawmatics from the comparison' }).focus();
    await page.keyboard.press('Enter');
    await tray().getByRole('link', { name: 'Compare (3)' }).waitFor();
    // Focus stays in the tray, on the next remove button.
    await page.waitForFunction(() => /^Remove .+ from the comparison$/.test(document.activeElement?.getAttribute('aria-label') ?? ''));

    // The selection outlives moving to another page and a reload (session storage).
    await page.goto('/past');
    await tray().getByRole('link', { name: 'Compare (3)' }).waitFor();
    await page.reload();
    await tray().getByRole('link', { name: 'Compare (3)' }).waitFor();
    expect(await tray().getByRole('listitem').allTextContents()).toEqual(['Clio Grow', 'Lead Docket', 'Captorra']);
  });

  test('the tray never covers the page’s own buttons', async () => {
    await page.goto('/vendors');
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor();
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      // The tray (and the space kept for it) settles at the new width before the page is
      // scrolled to its end.
      await page.waitForTimeout(100);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(100);
      const trayBox = (await tray().boundingBox())!;
      // The lowest button or link of the page itself, scrolled as far down as it goes.
      const lowest = await page.evaluate(() => {
        const own = [...document.querySelectorAll('main button, main a')].filter((el) => !el.closest('[aria-label="Comparison tray"]'));
        return Math.max(...own.map((el) => el.getBoundingClientRect().bottom));
      });
      expect(lowest, `at ${width}`).toBeLessThanOrEqual(trayBox.y);
    }
    await browser.setWidth(1440);
  });

  test('the tray opens the comparison: three columns, a difference marked, the stack integration highlighted', async () => {
    await page.goto('/vendors');
    await tray().getByRole('link', { name: 'Compare (3)' }).click();
    await page.waitForURL((url) => url.pathname === '/compare');
    expect(new URL(page.url()).searchParams.get('ids')).toBe(`${IDS.clioGrow},${IDS.leadDocket},${IDS.captorra}`);
    await expectTheComparison(page);

    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      await browser.screenshot(`compare-${width}`);
      await expectNoAxeViolations(page, `/compare at ${width}`);
    }
    // Phone width: the columns scroll sideways and the attribute names stay in view.
    const scroller = page.getByRole('region', { name: /Comparison table/ });
    const header = page.getByRole('rowheader', { name: /^Price/ });
    const before = (await header.boundingBox())!;
    // Cut at the screen's edge, the table says there is more (issue 78), until scrolled to its end.
    const hint = page.getByText('Scroll sideways for more →');
    await hint.waitFor();
    await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await page.waitForTimeout(100);
    await hint.waitFor({ state: 'detached' });
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    const after = (await header.boundingBox())!;
    // (Sticky: it may settle a border's width over, never scroll away.)
    expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(3);
    // The page itself does not scroll sideways: only the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Scrolled to the last column, every attribute name is whole, inside the screen, and on a
    // background of its own (the cells scrolling under it do not show through).
    await browser.screenshot('compare-scrolled-390');
    const rowHeaders = scroller.getByRole('rowheader');
    const count = await rowHeaders.count();
    expect(count).toBeGreaterThan(10);
    const scrollerBox = (await scroller.boundingBox())!;
    for (let i = 0; i < count; i += 1) {
      const cell = rowHeaders.nth(i);
      const name = (await cell.textContent()) ?? '';
      const box = (await cell.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(Math.max(0, scrollerBox.x - 1));
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      const whole = await cell.evaluate((el) =>
        [...el.querySelectorAll('*'), el].every((e) => e.scrollWidth <= e.clientWidth + 1 || e.clientWidth === 0),
      );
      expect(whole, name).toBe(true);
      expect(await cell.evaluate((el) => getComputedStyle(el).backgroundColor), name).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      // A difference's mark is drawn inside the sticky cell, so it stays in view with it.
      if (name.includes('Differs')) expect(await cell.evaluate((el) => getComputedStyle(el).boxShadow), name).toMatch(/inset/);
    }
    await browser.setWidth(1440);
  });

  test('the security facts are compared with the page each was read on, a difference marked', async () => {
    // EvenUp states a BAA and a SOC 2 Type II report, CaseMark that it does not train AI on
    // customer data, Supio none of these.
    await page.goto(`/compare?ids=${IDS.evenUp},${IDS.supio},${IDS.caseMark}`);
    const table = page.getByRole('table');
    await table.waitFor();
    const row = (label: RegExp) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    const cells = (label: RegExp) => row(label).getByRole('cell').allInnerTexts();

    const baa = table.getByRole('rowheader', { name: /^HIPAA business associate agreement/ });
    expect(await baa.textContent()).toContain('Differs');
    const [evenUp, supio, caseMark] = await cells(/^HIPAA business associate agreement/);
    expect(evenUp).toMatch(/^Signs a BAA\s+Checked on evenuplaw\.com, Nov 2026 · Source/);
    expect([supio, caseMark]).toEqual(['Not stated', 'Not stated']);
    expect(
      await row(/^HIPAA/)
        .getByRole('link', { name: 'Source of EvenUp’s HIPAA business associate agreement' })
        .getAttribute('href'),
    ).toBe('https://www.evenuplaw.com/dpa/');
    expect((await cells(/^SOC 2/))[0]).toMatch(/^Type II report\s+Checked on trust\.evenuplaw\.com, Nov 2026/);
    expect((await cells(/^AI training on your data/))[2]).toMatch(/^Does not train AI models on customer data/);
    expect(await table.getByRole('rowheader', { name: /^AI training on your data/ }).textContent()).toContain('Differs');
    // Nobody states ISO 27001: the same for all, not marked.
    expect(await table.getByRole('rowheader', { name: /^ISO 27001/ }).textContent()).toBe('ISO 27001');
    expect(await cells(/^ISO 27001/)).toEqual(['Not stated', 'Not stated', 'Not stated']);
    // The price bracket is Litstack’s estimate; the blanket "Verified" row is gone.
    for (const cell of await cells(/^Price/)) expect(cell).toContain('Litstack’s estimate');
    expect(await table.getByRole('rowheader', { name: /^Verified/ }).count()).toBe(0);

    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      await browser.screenshot(`compare-security-${width}`);
      await expectNoAxeViolations(page, `/compare with security facts at ${width}`);
    }
    await browser.setWidth(1440);
  });

  test('the shared address shows the same comparison in a fresh signed-in browser', async () => {
    const other = await launchBrowser({ baseURL: server.url });
    try {
      await offline(other);
      await other.page.goto('/auth/sign-in');
      const res = await other.page.request.post('/api/auth/sign-in', {
        headers: { Origin: server.url },
        data: { email: EMAIL, password: PASSWORD },
      });
      expect(res.ok(), await res.text()).toBe(true);
      await other.page.goto(SHARED);
      await expectTheComparison(other.page);
      await other.page.reload();
      await expectTheComparison(other.page);
    } finally {
      await other.close();
    }
  });

  test('bad addresses say what is wrong and offer a way back', async () => {
    const cases: Array<[string, string]> = [
      ['/compare', 'Compare 2 to 4 vendors'],
      [`/compare?ids=${IDS.clioGrow}`, 'Compare 2 to 4 vendors'],
      ['/compare?ids=1,2,3,4,5', 'Compare 2 to 4 vendors'],
      [`/compare?ids=${IDS.clioGrow},abc`, 'Vendor ids are whole numbers like 42'],
      [`/compare?ids=${IDS.clioGrow},${IDS.clioGrow}`, `Vendor ${IDS.clioGrow} is listed twice`],
      [`/compare?ids=${IDS.clioGrow},999999`, 'There is no vendor with id 999999'],
    ];
    for (const [address, message] of cases) {
      await page.goto(address);
      await page.getByRole('alert').getByText(message, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Browse Vendors' }).getAttribute('href')).toBe('/vendors');
    }
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      await browser.screenshot(`compare-bad-address-${width}`);
      await expectNoAxeViolations(page, `/compare bad address at ${width}`);
    }
    await browser.setWidth(1440);
    await page.getByRole('link', { name: 'Back to Browse Vendors' }).click();
    await page.getByRole('heading', { name: 'Browse Vendors', level: 1 }).waitFor();
  });

  test('names in the tray never break inside a word, and the tray shows only where comparing is done', async () => {
    await page.goto('/vendors');
    await toggleFromBrowse('SmartAdvocate');
    await tray().getByRole('link', { name: 'Compare (4)' }).waitFor();
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      // Each name is one line: a name never wraps, least of all inside a word ("SmartAdvoca/te");
      // one cut short ends in "…" with the whole name in its title.
      const names = await tray()
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((li) => {
            const span = li.querySelector('span')!;
            const range = document.createRange();
            range.selectNodeContents(span);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            return { text: span.textContent, title: span.title, lines, cut: span.scrollWidth > span.clientWidth };
          }),
        );
      for (const name of names) {
        expect(name.lines, `${name.text} at ${width}`).toBe(1);
        expect(name.title).toBe(name.text);
      }
      expect(names.find((n) => n.text === 'SmartAdvocate')?.cut, `SmartAdvocate whole at ${width}`).toBe(false);
      // On a phone the tray stays short: the page above it keeps most of the screen.
      const box = (await tray().boundingBox())!;
      if (width === 390) expect(box.height).toBeLessThanOrEqual(110);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await browser.screenshot(`compare-tray-names-${width}`, { fullPage: false });
      await expectNoAxeViolations(page, `/vendors with four in the tray at ${width}`);
    }
    await browser.setWidth(1440);

    // Pages without a Compare control do not carry it; the selection waits for the next that has.
    for (const address of ['/trends', '/shortlist', '/profile']) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await tray().count(), address).toBe(0);
    }
    await page.goto('/vendors/96');
    await tray().getByRole('link', { name: 'Compare (4)' }).waitFor();
    await page.goto('/matches');
    await tray().getByRole('link', { name: 'Compare (4)' }).waitFor();
    await tray().getByRole('button', { name: 'Remove SmartAdvocate from the comparison' }).click();
    await tray().getByRole('link', { name: 'Compare (3)' }).waitFor();
  });

  test('the tray is clean for axe at desktop and phone width', async () => {
    await page.goto('/vendors');
    await tray().waitFor();
    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.waitForTimeout(150);
      await browser.screenshot(`compare-tray-${width}`, { fullPage: false });
      await expectNoAxeViolations(page, `/vendors with the tray at ${width}`);
    }
    await browser.setWidth(1440);
    await tray().getByRole('button', { name: 'Clear' }).click();
    expect(await tray().count()).toBe(0);
  });
});
