import path from 'node:path';

import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { expectAccessible } from './support/accessible';
import { launchBrowser, screenshotDir, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { inviteAndJoin, signUpAndOnboard } from './support/session';

// A demo request through Litstack, told as one story on the real binary (and, in `npm run
// e2e:hub`, on PostgreSQL). The operator invites Jo to keep ChartSwap's listing and Mo to keep
// EvenUp's. At Doe Injury Law, Cy (a member) asks ChartSwap for a demo from its profile, ticking
// only her name and what she is looking for, with a note; Jo reads exactly that under ChartSwap's
// bell and on her home, never Cy's email, firm or size, and answers with a scheduling link; Mo,
// at EvenUp, sees nothing of it. Bo (the owner) reads the answer on the shortlist but cannot mark
// it booked; Cy does. Cy asks again and withdraws, and Jo then sees nothing of what was shared;
// the fourth request in 30 days is refused with the limit's words; a viewer reads the state with
// no control; Cy asks Supio, which has no account, to join; the operator sees counts only.

const PASSWORD = 'asks-for-a-demo-1';
const CHARTSWAP = 38;
const SUPIO = 44;
const CY = { name: 'Cy Member', email: 'cy@doe-injury.test', password: PASSWORD };
const VI = { name: 'Vi Viewer', email: 'vi@doe-injury.test', password: PASSWORD, role: 'viewer' as const };
const NOTE = 'Two paralegals request records for about 40 cases a month.';
const SCHEDULING = 'https://chartswap.com/schedule-a-demo';

let server: TestServer;
let operator: TestBrowser;
let bo: TestBrowser;
let cy: TestBrowser;
let jo: TestBrowser;
/** Mo keeps EvenUp's listing: a vendor that must see nothing of ChartSwap's requests. */
let mo: APIRequestContext;

// The day the server writes in a request's line (UTC), as the screens show it.
const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const demoPanel = (page: Page) => page.getByRole('region', { name: 'Demo through Litstack' });
const entryRequest = (page: Page) => page.getByRole('region', { name: 'Demo request to ChartSwap' });

/** The operator invites `email` to keep `vendorId`'s listing and the person takes the link up in `request`. */
async function vendorPerson(vendorId: number, email: string, name: string, request: APIRequestContext) {
  const invited = await operator.page.request.post(`/api/admin/vendors/${vendorId}/vendor-invitations`, { data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = ((await invited.json()) as { link: string }).link.split('#')[1]!;
  const accepted = await request.post('/api/vendor/links/accept', { data: { token, name, password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(201);
}

type FirmRequests = { items: { id: number; vendorId: number; state: string; line: string }[] };

beforeAll(async () => {
  server = await startServer();
  const browser = () => launchBrowser({ baseURL: server.url });
  [operator, bo, cy, jo] = await Promise.all([browser(), browser(), browser(), browser()]);
  mo = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  await signUpAndOnboard(operator.page, { email: 'ada@admin-law.test', lawFirm: 'Admin Law' }); // the first account is the operator
  await vendorPerson(CHARTSWAP, 'jo@chartswap.com', 'Jo Chartswap', jo.page.request);
  await vendorPerson(43, 'mo@evenuplaw.com', 'Mo Evenup', mo);

  // Bo owns Doe Injury Law; Cy joins as a member, Vi as a viewer (each in a context of their own).
  await signUpAndOnboard(bo.page, { name: 'Bo Owner', email: 'bo@doe-injury.test', password: PASSWORD, lawFirm: 'Doe Injury Law' });
  for (const person of [CY, VI]) {
    await inviteAndJoin(bo.page, person);
    await bo.page.request.post('/api/auth/sign-out');
    const back = await bo.page.request.post('/api/auth/sign-in', { data: { email: 'bo@doe-injury.test', password: PASSWORD } });
    expect(back.status(), await back.text()).toBe(200);
  }
  const signedIn = await cy.page.request.post('/api/auth/sign-in', { data: { email: CY.email, password: PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
});

afterAll(async () => {
  for (const browser of [operator, bo, cy, jo]) await browser?.close();
  await mo?.dispose();
  await server?.stop();
});

describe('a demo request goes from a member to the vendor and back, under the firm’s control', () => {
  test('Cy asks ChartSwap for a demo from its profile, ticking only what it may see', async () => {
    const page = cy.page;
    await page.goto(`/vendors/${CHARTSWAP}`);
    const panel = demoPanel(page);
    await panel.getByText('ChartSwap answers demo requests on Litstack. You choose what they see.').waitFor();
    await panel.getByRole('button', { name: 'Request a demo' }).click();

    const dialog = page.getByRole('dialog', { name: 'Request a demo from ChartSwap' });
    await dialog.waitFor();
    // Every field is offered with the value the vendor would see, and none is ticked.
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(5);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(false);
    await dialog.getByText(CY.email).waitFor();
    await dialog.getByText('Doe Injury Law').waitFor();
    expect(await dialog.getByRole('textbox').inputValue()).toBe('');
    await dialog.getByText('Nothing is ticked: ChartSwap learns only that a law firm asked, and answers here on Litstack.').waitFor();
    await expectAccessible(cy, 'the Request a demo dialog');

    // From the keyboard: Space ticks the focused box.
    await dialog.getByRole('checkbox', { name: /Your name/ }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('checkbox', { name: /What you are looking for/ }).check();
    await dialog.getByRole('textbox', { name: 'A note to ChartSwap (optional)' }).fill(NOTE);
    await cy.screenshotAtDesktopAndPhone('demo-request-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await toast(page, 'Demo request sent to ChartSwap').waitFor();
    await panel.getByText(`Demo requested on ${today()}`, { exact: true }).waitFor();
    await panel.getByRole('link', { name: 'Follow it on your shortlist' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Request a demo' }).count()).toBe(0);
  });

  test('Jo reads only what Cy shared, under the bell and on her home, and answers; Mo at EvenUp sees nothing', async () => {
    const page = jo.page;
    await page.goto('/vendor');
    const section = page.getByRole('region', { name: 'Demo requests' });
    const item = section.getByRole('listitem').first();
    await item.getByText('Waiting for your answer').waitFor();
    await item.getByText(CY.name, { exact: true }).waitFor();
    await item.getByText('Medical Record Retrieval', { exact: true }).waitFor();
    await item.getByText(NOTE, { exact: true }).waitFor();
    // What Cy left unticked never reached the vendor: not on the page, not in its API.
    const body = await page.locator('body').innerText();
    for (const withheld of [CY.email, 'Doe Injury Law', 'employees']) expect(body).not.toContain(withheld);
    const raw = await (await page.request.get('/api/vendor/demo-requests')).text();
    for (const withheld of [CY.email, 'Doe Injury Law', 'employees', 'onboarding']) expect(raw).not.toContain(withheld);
    await page
      .getByRole('region', { name: /Notices/ })
      .getByText('A law firm asks ChartSwap for a demo')
      .waitFor();

    // Another vendor's people see no request and cannot answer one.
    const theirs = (await (await mo.get('/api/vendor/demo-requests')).json()) as { items: unknown[] };
    expect(theirs.items).toEqual([]);
    const { items } = (await (await cy.page.request.get('/api/demo-requests')).json()) as FirmRequests;
    const refused = await mo.post(`/api/vendor/demo-requests/${items[0]!.id}/answer`, { data: { schedulingUrl: SCHEDULING } });
    expect(refused.status()).toBe(404);

    await expectAccessible(jo, '/vendor with a demo request');
    const form = section.getByRole('form', { name: /Answer the request of/ });
    // An http link is refused before it is sent.
    await form.getByRole('textbox', { name: 'Scheduling link' }).fill('http://chartswap.com/schedule-a-demo');
    await form.getByRole('button', { name: 'Send answer' }).click();
    await form.getByRole('alert').getByText('The scheduling link must start with https://.').waitFor();
    await form.getByRole('textbox', { name: 'Scheduling link' }).fill(SCHEDULING);
    await form.getByRole('textbox', { name: 'Message (optional)' }).fill('Pick any slot that suits your paralegals.');
    await form.getByRole('alert').waitFor({ state: 'detached' });
    await jo.screenshotAtDesktopAndPhone('demo-request-vendor', { fullPage: false });
    await form.getByRole('button', { name: 'Send answer' }).click();
    await toast(page, 'Answer sent').waitFor();
    await item.getByText(`You answered on ${today()}:`).waitFor();
    await item.getByRole('button', { name: 'Change your answer' }).waitFor();
  });

  test('the shortlist shows the answer; only Cy, who asked, marks the demo booked', async () => {
    const line = `Demo requested on ${today()} · ChartSwap answered on ${today()}`;
    await bo.page.goto('/shortlist');
    const theirs = entryRequest(bo.page);
    await theirs.getByText(line, { exact: true }).waitFor();
    await theirs.getByRole('link', { name: "ChartSwap's scheduling page" }).waitFor();
    expect(await theirs.getByRole('link', { name: "ChartSwap's scheduling page" }).getAttribute('href')).toBe(SCHEDULING);
    await theirs.getByText('Only Cy Member, who asked, can mark it booked.').waitFor();
    expect(await theirs.getByRole('button', { name: 'Mark demo booked' }).count()).toBe(0);
    const booked = await bo.page.request.post(`/api/demo-requests/${(await firmRequests()).items[0]!.id}/booked`);
    expect(booked.status()).toBe(403);

    const page = cy.page;
    await page.goto('/shortlist');
    const mine = entryRequest(page);
    await mine.getByText(line, { exact: true }).waitFor();
    await mine.getByText('What Cy Member sent ChartSwap').click();
    await mine.getByText(NOTE, { exact: true }).waitFor();
    await expectAccessible(cy, '/shortlist with an answered demo request');
    await cy.screenshotAtDesktopAndPhone('demo-request-shortlist');
    await mine.getByRole('button', { name: 'Mark demo booked' }).click();
    await toast(page, 'Demo with ChartSwap booked').waitFor();
    await mine.getByText(`${line} · Demo booked on ${today()}`, { exact: true }).waitFor();
    // The entry's status comes with the shortlist's own refetch, which may land after the line.
    await expect.poll(() => page.getByLabel('Status of ChartSwap').inputValue()).toBe('Demo booked');
    expect(await mine.getByRole('button', { name: 'Withdraw request' }).count()).toBe(0);
  });

  test('a withdrawn request keeps nothing of what was shared from the vendor', async () => {
    const page = cy.page;
    await page.goto(`/vendors/${CHARTSWAP}`);
    await demoPanel(page).getByRole('button', { name: 'Request a demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a demo from ChartSwap' });
    await dialog.getByRole('checkbox', { name: /Your email/ }).check();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await toast(page, 'Demo request sent to ChartSwap').waitFor();

    await jo.page.goto('/vendor');
    const newest = jo.page.getByRole('region', { name: 'Demo requests' }).getByRole('listitem').first();
    await newest.getByText(CY.email, { exact: true }).waitFor();

    await page.goto('/shortlist');
    const mine = entryRequest(page);
    await mine.getByRole('button', { name: 'Withdraw request' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw the demo request to ChartSwap?' });
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await mine.getByText(`Demo requested on ${today()} · Withdrawn on ${today()}`, { exact: true }).waitFor();

    await jo.page.reload();
    await newest.getByText('Withdrawn by the firm: what it shared is no longer shown').waitFor();
    expect(await jo.page.locator('body').innerText()).not.toContain(CY.email);
    expect(await newest.getByRole('form').count()).toBe(0);
  });

  test('the fourth request to one vendor in 30 days is refused with what to do instead', async () => {
    const page = cy.page;
    const third = await page.request.post(`/api/vendors/${CHARTSWAP}/demo-requests`, { data: { shareName: true } });
    expect(third.status(), await third.text()).toBe(201);
    const withdrawn = await page.request.post(`/api/demo-requests/${((await third.json()) as { id: number }).id}/withdraw`);
    expect(withdrawn.status()).toBe(200);

    await page.goto(`/vendors/${CHARTSWAP}`);
    await demoPanel(page).getByRole('button', { name: 'Request a demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a demo from ChartSwap' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog
      .getByRole('alert')
      .getByText('You asked ChartSwap for a demo 3 times in the last 30 days: use their website or ask a colleague')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await firmRequests()).items.filter((r) => r.vendorId === CHARTSWAP)).toHaveLength(3);
  });

  test('a viewer reads the request with no control to send, withdraw or book one', async () => {
    const page = bo.page;
    await page.request.post('/api/auth/sign-out');
    const signedIn = await page.request.post('/api/auth/sign-in', { data: { email: VI.email, password: PASSWORD } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await page.goto(`/vendors/${CHARTSWAP}`);
    await page.getByRole('heading', { name: 'ChartSwap', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Request a demo' }).count()).toBe(0);
    await page.goto('/shortlist');
    await entryRequest(page).getByText(`Demo requested on ${today()} · Withdrawn on ${today()}`).waitFor();
    expect(await entryRequest(page).getByRole('button').count()).toBe(0);
    const refused = await page.request.post(`/api/vendors/${CHARTSWAP}/demo-requests`, { data: {} });
    expect(refused.status()).toBe(403);
  });

  test('Cy asks Supio, which has no account, to join; the operator sees counts, never contents', async () => {
    const page = cy.page;
    await page.goto(`/vendors/${SUPIO}`);
    const panel = demoPanel(page);
    await panel.getByText('Supio is not on Litstack yet, so a demo request here would reach no one.').waitFor();
    expect(await panel.getByRole('button', { name: 'Request a demo' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Ask them to join' }).click();
    await toast(page, 'Asked Supio to join').waitFor();
    await panel.getByText('Your firm asked Supio to join Litstack.').waitFor();

    const admin = operator.page;
    await admin.goto('/admin/vendors');
    const section = admin.getByRole('region', { name: 'Demo requests and asks to join', exact: true });
    const row = (name: string) => section.getByRole('row', { name: new RegExp(`^${name}`) });
    await row('ChartSwap').waitFor();
    expect(await row('ChartSwap').getByRole('cell').allTextContents()).toEqual(['3', '1', '1', '2', '0']);
    expect(await row('Supio').getByRole('cell').allTextContents()).toEqual(['0', '0', '0', '0', '1']);
    const text = await section.innerText();
    for (const content of [NOTE, CY.name, CY.email, 'Doe Injury Law']) expect(text).not.toContain(content);
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(operator, '/admin/vendors with demo request counts');
    for (const width of [1280, widths.phone]) {
      await operator.setWidth(width);
      await section.screenshot({ path: path.join(screenshotDir, `demo-request-counts-${width}.png`), animations: 'disabled' });
    }
  });
});

async function firmRequests(): Promise<FirmRequests> {
  return (await (await cy.page.request.get('/api/demo-requests')).json()) as FirmRequests;
}
