import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Browse Vendors against the seed catalog (145 vendors, 142 active, 24 a page), offline. The
// operator has opted in to the public icon services (--third-party-logos), but they are blocked,
// as they are on a machine without internet: logos must fall back to the network-free letter image.

let server: TestServer;
let browser: TestBrowser;
let page: Page;
const iconRequests: string[] = [];
const ICON_HOSTS = /^https?:\/\/(www\.google\.com|icons\.duckduckgo\.com|icon\.horse)\//;

const cards = () => page.getByRole('list', { name: 'Vendors' }).getByRole('article');
const cardNames = () => page.getByRole('list', { name: 'Vendors' }).getByRole('heading', { level: 3 }).allTextContents();
const search = () => page.getByPlaceholder('Search vendors...');
const chip = (name: string) => page.getByRole('group', { name: 'Categories' }).getByRole('button', { name, exact: true });
const params = () => new URL(page.url()).searchParams;
const card = (name: string) => page.getByRole('article', { name, exact: true });

async function waitForParam(name: string, value: string | null) {
  await page.waitForFunction(([n, v]) => new URLSearchParams(location.search).get(n!) === v, [name, value] as const);
}

/** The colour a person sees behind a button or link. */
const background = (el: Locator) => el.evaluate((e) => getComputedStyle(e).backgroundColor);

/** Presses Tab until `target` has the focus (it must be reached within `max` presses). */
async function tabTo(target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((e) => e === document.activeElement)) return;
  }
  throw new Error(`not reached with ${max} presses of Tab`);
}

/**
 * A vendor without a booking link, as every screen must show it: Visit Website in the look of an
 * enabled Schedule Meeting (`main`), the disabled Schedule Meeting in the secondary look with "No
 * scheduler available" written beside it, no axe violation, and both reached with Tab from `from`.
 */
async function expectWayForward(scope: Locator, vendor: string, main: string, from: Locator, website = 'Visit Website') {
  const visit = scope.getByRole('link', { name: website, exact: true });
  expect(await background(visit)).toBe(main);
  expect(await background(scope.getByRole('button', { name: 'Schedule Meeting' }))).not.toBe(main);
  const why = scope.getByText('No scheduler available', { exact: true });
  expect(await why.isVisible()).toBe(true);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await from.focus();
  // The reason is written where the focus lands, whether or not its tooltip shows (scrolling to
  // it, as in the comparison, closes a tooltip).
  const reason = scope.getByLabel(`Schedule Meeting with ${vendor}: No scheduler available`);
  await tabTo(reason);
  expect(await reason.getByText('No scheduler available', { exact: true }).isVisible()).toBe(true);
  await from.focus();
  await tabTo(visit);
}

async function waitForSettled() {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

beforeAll(async () => {
  server = await startServer({ args: ['--third-party-logos'] });
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await browser.context.route(ICON_HOSTS, (route) => {
    iconRequests.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  // Vendor pages opened by the tests answer locally: the machine is offline.
  await browser.context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && !ICON_HOSTS.test(url.href),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Vendor</title>vendor page' }),
  );
  await page.goto('/auth/sign-in');
  await signUpAndOnboard(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Browse Vendors', () => {
  test('shows 12 skeletons while loading, then the first 24 vendors by name', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/vendors**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/vendors');
    await page.getByRole('heading', { name: 'Browse Vendors', level: 1 }).waitFor();
    const loading = page.getByRole('status', { name: 'Loading vendors' });
    await loading.waitFor();
    expect(await loading.locator(':scope > *').count()).toBe(12);
    release();
    await cards().first().waitFor();
    await page.unroute('**/api/vendors**');
    expect(await cards().count()).toBe(24);
    await page.getByText('Showing 1 to 24 of 142 vendors').waitFor();
    await page.getByText('Page 1 of 6').waitFor();
    const names = await cardNames();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await page.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);
    await browser.screenshotAtWidths('vendors');
    await browser.screenshotAtWidths('vendors-top', { fullPage: false });
  });

  test('logos that fail to load fall back to a letter image with no network', async () => {
    const first = cards().first().getByRole('img', { name: /logo$/ });
    await page.waitForFunction(() => {
      const imgs = [...document.querySelectorAll('[aria-label="Vendors"] [data-logo-source]')].slice(0, 8);
      return imgs.length === 8 && imgs.every((i) => ['avatar', 'tile'].includes(i.getAttribute('data-logo-source')!));
    });
    expect(['avatar', 'tile']).toContain(await first.getAttribute('data-logo-source'));
    expect(iconRequests.some((u) => u.startsWith('https://icon.horse/icon/'))).toBe(true);
    expect(iconRequests.some((u) => u.startsWith('https://www.google.com/s2/favicons'))).toBe(true);
    expect(iconRequests.some((u) => u.startsWith('https://icons.duckduckgo.com/'))).toBe(true);
    const loaded = await page.evaluate(() => {
      const img = document.querySelector('[aria-label="Vendors"] img[data-logo-source="avatar"]') as HTMLImageElement;
      return img.complete && img.naturalWidth > 0;
    });
    expect(loaded).toBe(true);
  });

  test('filters by two category chips, kept in the address', async () => {
    await chip('Intake').click();
    await chip('Staffing').click();
    await waitForParam('categoryIds', '2,9');
    await waitForSettled();
    await page.getByRole('button', { name: 'All (2 selected)' }).waitFor();
    expect(await chip('Intake').getAttribute('aria-pressed')).toBe('true');
    const categories = await page
      .getByRole('list', { name: 'Vendors' })
      .getByRole('article')
      .evaluateAll((articles) => articles.map((a) => a.querySelector('.bg-indigo-50')?.textContent));
    expect(categories.length).toBe(21);
    expect(new Set(categories)).toEqual(new Set(['Intake', 'Staffing']));
    expect(await page.getByText('Page 1 of').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
  });

  test('searches after typing stops and resets the page', async () => {
    await search().fill('bilingual');
    await waitForParam('q', 'bilingual');
    await waitForSettled();
    expect(params().get('categoryIds')).toBe('2,9');
    expect(params().get('page')).toBeNull();
    const names = await cardNames();
    expect(names.length).toBe(4);
  });

  test('shows the empty state when nothing matches, and Clear filters resets everything', async () => {
    await search().fill('zzzz-no-such-vendor');
    await waitForParam('q', 'zzzz-no-such-vendor');
    await page.getByRole('heading', { name: 'No vendors found' }).waitFor();
    await page.getByText('No vendors match your current filters. Try clearing some filters.').waitFor();
    await browser.screenshot('vendors-empty', { fullPage: false });

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForParam('q', null);
    expect(params().get('categoryIds')).toBeNull();
    expect(await search().inputValue()).toBe('');
    await page.getByRole('button', { name: 'All', exact: true }).waitFor();
    await page.getByText('Showing 1 to 24 of 142 vendors').waitFor();
  });

  test('filters by the security facts vendors state, each card saying where each fact comes from', async () => {
    const security = page.getByRole('group', { name: 'Security:' });
    await security.getByRole('checkbox', { name: 'Signs a BAA' }).check();
    await waitForParam('security', 'baa');
    await waitForSettled();
    // The shipped catalog states a signed BAA for these six, each on the page data/vendor-facts.csv names.
    expect(await cardNames()).toEqual(['Box', 'Clio Manage', 'Compex Legal Services', 'EvenUp', 'Everlaw', 'Ruby']);
    const evenUp = card('EvenUp');
    await evenUp.getByText('Signs a BAA', { exact: true }).waitFor();
    expect(await evenUp.getByRole('link', { name: 'Source of “Signs a BAA”' }).getAttribute('href')).toBe('https://www.evenuplaw.com/dpa/');
    await evenUp.getByText('SOC 2 Type II', { exact: true }).waitFor();
    await evenUp.getByText('Checked on trust.evenuplaw.com, Nov 2026').waitFor();
    // The bracket is Litstack's estimate, and says so.
    await evenUp.getByText('Litstack’s estimate').waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await browser.screenshot('vendors-security-filter', { fullPage: false });

    await security.getByRole('checkbox', { name: 'SOC 2 Type II' }).check();
    await waitForParam('security', 'baa,soc2');
    await waitForSettled();
    expect(await cardNames()).toEqual(['EvenUp']);
    // Junk in the address is dropped; an unknown code never reaches the server.
    await page.goto('/vendors?security=sso,hipaa');
    await waitForParam('security', 'sso');
    await waitForSettled();
    expect(await security.getByRole('checkbox', { name: 'Single sign-on' }).isChecked()).toBe(true);
    expect((await cardNames()).length).toBeGreaterThan(5);
    const refused = await page.request.get('/api/vendors?security=hipaa');
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toContain('"hipaa" is not one');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForParam('security', null);
    await page.getByText('Showing 1 to 24 of 142 vendors').waitFor();
  });

  test('sorts by name both ways, and says Partners First has no partner to put first', async () => {
    const sort = page.getByLabel('Sort by');
    await sort.selectOption({ label: 'Name Z-A' });
    await waitForParam('sort', 'name_desc');
    await waitForSettled();
    const desc = await cardNames();
    expect(desc).toEqual([...desc].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    expect(desc[0]).toBe('X Social Media');

    await sort.selectOption({ label: 'Partners First' });
    await waitForParam('sort', 'partner_first');
    await waitForSettled();
    // The shipped catalog names no partner (an admin sets them: admin-vendors.e2e.ts).
    await page.getByText('No vendor has a partner status yet, so they are sorted by name.').waitFor();
    const byPartner = await cardNames();
    expect(byPartner).toEqual([...byPartner].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(
      await cards()
        .first()
        .getByText(/Partner$/)
        .count(),
    ).toBe(0);
    await browser.screenshot('vendors-partners-first', { fullPage: false });

    await page.getByRole('button', { name: 'What does Partner mean?' }).click();
    const dialog = page.getByRole('dialog', { name: 'What does Partner mean?' });
    await dialog.getByText(/never hides other vendors/).waitFor();
    await dialog.getByRole('button', { name: 'Got it' }).click();

    await sort.selectOption({ label: 'Name A-Z' });
    await waitForParam('sort', null);
  });

  test('pages forward and back with the address kept; Back and Forward restore it', async () => {
    await waitForSettled();
    const firstPage = await cardNames();
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForParam('page', '2');
    await page.getByText('Page 2 of 6').waitFor();
    await page.getByText('Showing 25 to 48 of 142 vendors').waitFor();
    const secondPage = await cardNames();
    expect(secondPage[0]).not.toBe(firstPage[0]);

    await page.getByRole('button', { name: 'Previous' }).click();
    await waitForParam('page', null);
    await page.getByText('Page 1 of 6').waitFor();

    await page.goBack();
    await waitForParam('page', '2');
    await page.getByText('Page 2 of 6').waitFor();
    await page.goForward();
    await waitForParam('page', null);

    await chip('Intake').click();
    await chip('Intake').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForParam('page', '2');
    await chip('Marketing Services').click();
    await waitForParam('categoryIds', '12');
    expect(params().get('page')).toBeNull();
    await page.goBack();
    await waitForParam('page', '2');
    expect(params().get('categoryIds')).toBeNull();
    await page.getByText('Page 2 of 6').waitFor();
  });

  test('a page past the end and junk in the address are cleaned up', async () => {
    await page.goto('/vendors?page=999');
    await waitForParam('page', '6');
    await page.getByText('Page 6 of 6').waitFor();
    await page.getByText('Showing 121 to 142 of 142 vendors').waitFor();

    await page.goto('/vendors?categoryIds=2,abc,999&sort=cheapest&page=-4');
    await waitForParam('categoryIds', '2');
    expect(params().get('sort')).toBeNull();
    expect(params().get('page')).toBeNull();
    await waitForSettled();
    expect(await cards().count()).toBe(11);
  });

  test('inactive vendors appear on request, tinted red and labelled', async () => {
    await page.goto('/vendors?q=Documate');
    await card('Gavel').waitFor(); // it names the retired Documate brand
    expect(await card('Documate').count()).toBe(0);
    await page.getByLabel('Show inactive vendors').check();
    await waitForParam('includeInactive', 'true');
    const documate = card('Documate');
    await documate.waitFor();
    await documate.getByText('Inactive', { exact: true }).waitFor();
    const background = await documate.evaluate((el) => getComputedStyle(el).backgroundColor);
    const active = await card('Gavel').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe(active);
    // Tailwind's red-50 is oklch(0.971 0.013 17.38): a light tint with a red hue.
    const [lightness, chroma, hue] = background.match(/[\d.]+/g)!.map(Number);
    expect(background.startsWith('oklch')).toBe(true);
    expect(lightness).toBeGreaterThan(0.9);
    expect(chroma).toBeGreaterThan(0);
    expect(hue! < 40 || hue! > 340).toBe(true);
    await page.goto('/vendors?includeInactive=true');
    await page.getByText('of 145 vendors').waitFor();
  });

  test('Schedule Meeting opens the tagged booking page in a new tab and records the click', async () => {
    await page.goto('/vendors?q=Lawmatics');
    const lawmatics = card('Lawmatics');
    await lawmatics.waitFor();
    const website = lawmatics.getByRole('link', { name: 'Visit Website' });
    expect(await website.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await website.getAttribute('target')).toBe('_blank');
    expect(await website.getAttribute('href')).toMatch(/[?&]utm_source=litstack$/);

    const [popup] = await Promise.all([
      browser.context.waitForEvent('page'),
      lawmatics.getByRole('button', { name: 'Schedule Meeting' }).click(),
    ]);
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toMatch(/utm_source=litstack/);
    expect(popup.url().match(/utm_source/g)).toHaveLength(1);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();

    const region = page.getByRole('region', { name: /Notifications/ });
    await region.getByText('Meeting click logged', { exact: true }).waitFor();
    await region.getByText('Your interest has been recorded.').waitFor();
    const clicks = (await (await page.request.get('/api/meeting-clicks')).json()) as Array<{
      vendorId: number;
      sourcePage: string;
      bookingUrl: string;
    }>;
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.sourcePage).toBe('BROWSE');
    expect(clicks[0]!.bookingUrl).toMatch(/utm_source=litstack/);
  });

  test('a vendor without a booking link: the disabled Schedule Meeting and Visit Website, whose click is recorded apart', async () => {
    await page.goto('/vendors?q=Avvo');
    const avvo = card('Avvo');
    await avvo.waitFor();
    expect(await avvo.getByRole('button', { name: 'Schedule Meeting' }).isDisabled()).toBe(true);
    expect(await avvo.getByText(/Request a demo/).count()).toBe(0);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    const why = avvo.getByLabel('Schedule Meeting with Avvo: No scheduler available');
    await why.focus();
    await page.getByRole('tooltip').getByText('No scheduler available').waitFor();

    const website = avvo.getByRole('link', { name: 'Visit Website' });
    await website.focus();
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toBe('https://www.avvo.com/?utm_source=litstack');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();

    // The toast says what opened: the website, not a scheduler.
    const region = page.getByRole('region', { name: /Notifications/ });
    await region.getByText("Opening Avvo's website", { exact: true }).waitFor();
    expect(await region.getByText(/scheduler/i).count()).toBe(0);
    await expect.poll(async () => ((await (await page.request.get('/api/meeting-clicks')).json()) as unknown[]).length).toBe(2);
    const clicks = (await (await page.request.get('/api/meeting-clicks')).json()) as Array<{
      vendorName: string;
      kind: string;
      websiteUrl: string | null;
    }>;
    expect(clicks[0]).toMatchObject({ vendorName: 'Avvo', kind: 'WEBSITE', websiteUrl: 'https://www.avvo.com/?utm_source=litstack' });
    expect(clicks.filter((c) => c.kind === 'BOOKING')).toHaveLength(1);
    // A click is a click: nothing went onto the shortlist.
    expect(await (await page.request.get('/api/shortlist')).json()).toEqual({ groups: [] });
    await browser.screenshot('vendors-no-scheduler-website', { fullPage: false });
  });

  test('no card runs off the page at 390 or 1280 px', async () => {
    for (const width of [390, 1280]) {
      await browser.setWidth(width);
      await page.goto('/vendors');
      await cards().first().waitFor();
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scrollWidth, `/vendors at ${width} px`).toBeLessThanOrEqual(innerWidth);
    }
    await browser.setWidth(1440);
  });

  test('without a booking link Visit Website is the main action and "No scheduler available" is written on the card, profile and comparison, at 1280 and 390 px', async () => {
    // The main action's look: an enabled Schedule Meeting (Lawmatics has a scheduler).
    await page.goto('/vendors?q=Lawmatics');
    const lawmatics = card('Lawmatics').getByRole('button', { name: 'Schedule Meeting' });
    await lawmatics.waitFor();
    const main = await background(lawmatics);
    // With a booking link nothing changes: Visit Website stays the secondary action.
    expect(await background(card('Lawmatics').getByRole('link', { name: 'Visit Website' }))).not.toBe(main);
    expect(await card('Lawmatics').getByText('No scheduler available').count()).toBe(0);

    for (const width of [1280, 390]) {
      await browser.setWidth(width);
      await page.goto('/vendors?q=Avvo');
      const avvo = card('Avvo');
      await avvo.waitFor();
      await expectWayForward(avvo, 'Avvo', main, avvo.getByRole('heading', { level: 3 }).getByRole('link'));
      await browser.screenshot(`vendors-no-scheduler-main-action-${width}`, { fullPage: false });

      await page.goto('/vendors/1');
      const profile = page.getByRole('article', { name: 'Avvo', exact: true });
      await profile.getByRole('heading', { name: 'Avvo', level: 1 }).waitFor();
      await expectWayForward(profile, 'Avvo', main, page.getByRole('link', { name: 'Where each fact comes from' }));
      await browser.screenshot(`vendor-profile-no-scheduler-${width}`, { fullPage: false });

      // Avvo beside Justia, which has a scheduler.
      await page.goto('/compare?ids=1,3');
      const meet = page.getByRole('row', { name: /^Meet the vendor/ });
      const avvoCell = meet.getByRole('cell').filter({ has: page.getByLabel('Schedule Meeting with Avvo: No scheduler available') });
      await avvoCell.waitFor();
      const table = page.getByRole('region', { name: 'Comparison table (scrolls sideways)' });
      await expectWayForward(avvoCell, 'Avvo', main, table, 'Visit Website of Avvo');
      expect(await background(meet.getByRole('link', { name: 'Visit Website of Justia', exact: true }))).not.toBe(main);
      await avvoCell.scrollIntoViewIfNeeded();
      await browser.screenshot(`compare-no-scheduler-${width}`, { fullPage: false });
    }
    await browser.setWidth(1440);
  });

  test('a website whose page was not recorded reads "Source not recorded" on the profile, never an estimate', async () => {
    type Listed = {
      id: number;
      websiteUrl: string | null;
      bookingUrl: string | null;
      priceBracket: number | null;
      facts: { website?: { kind: string } };
    };
    let unrecorded: Listed | undefined;
    for (let n = 1; n <= 7 && !unrecorded; n++) {
      const listed = (await (await page.request.get(`/api/vendors?page=${n}`)).json()) as { items: Listed[] };
      unrecorded = listed.items.find((v) => v.facts.website?.kind === 'estimate' && v.websiteUrl && !v.bookingUrl && v.priceBracket);
    }
    expect(unrecorded, 'the seed catalog has a website no page was recorded for').toBeDefined();
    await page.goto(`/vendors/${unrecorded!.id}`);
    const facts = page.getByRole('region', { name: 'Facts and sources' });
    const host = new URL(unrecorded!.websiteUrl!).hostname.replace(/^www\./, '');
    const website = facts.getByRole('definition').filter({ hasText: host });
    await website.waitFor();
    expect(await website.innerText()).toMatch(/Source not recorded$/);
    expect(await website.getByText('Litstack’s estimate').count()).toBe(0);
    // What really is an estimate still says so.
    await facts.getByText('Litstack’s estimate').first().waitFor();
    await facts.scrollIntoViewIfNeeded();
    await browser.screenshot('vendor-profile-source-not-recorded', { fullPage: false });
  });

  test('a vendor with neither a booking link nor a website has both buttons disabled, and Schedule Meeting says why', async () => {
    const csv = 'name,category,websiteUrl,bookingUrl\nQq Offline Co,Intake,,\n';
    const res = await page.request.post('/api/admin/demo-bookings/import', {
      multipart: { file: { name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect((await res.json()).inserted).toBe(1);
    await page.goto('/vendors?q=Qq%20Offline');
    const offline = card('Qq Offline Co');
    await offline.waitFor();
    const button = offline.getByRole('button', { name: 'Schedule Meeting' });
    expect(await button.isDisabled()).toBe(true);
    const pages = browser.context.pages().length;
    await offline.getByLabel('Schedule Meeting with Qq Offline Co: No scheduler available').focus();
    await page.getByRole('tooltip').getByText('No scheduler available').waitFor();
    expect(await offline.getByRole('button', { name: 'Visit Website' }).isDisabled()).toBe(true);
    expect(browser.context.pages().length).toBe(pages);
    await browser.screenshot('vendors-no-scheduler', { fullPage: false });
  });
});

describe('Browse Vendors on a phone', () => {
  test('one column, chips scroll in one row, the page never scrolls sideways', async () => {
    await browser.setWidth(390);
    await page.goto('/vendors');
    await cards().first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const [a, b] = await cards().evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().left));
    expect(a).toBe(b);
    await browser.setWidth(1440);
  });
});
