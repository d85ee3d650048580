import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// The operator's /admin/firms: the first account (operator and owner of Doe Injury Law) sees a
// second firm signed up elsewhere, verifies, disables (its member cannot sign in) and enables it;
// cannot disable their own firm; switches sign-up to invite-only. Then a viewer invited into the
// operator's firm browses the firm's screens and finds no write control.

const FIRM_DISABLED = "Your firm's access to Litstack is disabled. Ask the person who runs this Litstack to enable it.";
const OWN_FIRM = 'You cannot disable your own firm: you would lose access to Litstack, and nobody could enable it again.';
const INVITE_ONLY = "This Litstack accepts new accounts by invitation only. Ask your firm's owner or admin to invite you.";
const VIEW_ONLY_NOTE = 'You have view-only access. Ask an owner or admin for the member role.';

const OTHER = { name: 'Bea Babbage', email: 'bea@babbage-injury.test', password: 'second-firm-phrase-7', lawFirm: 'Babbage Injury Law' };
const VIEWER = { name: 'Val Viewer', email: 'val@doe-injury.test', password: 'read-only-phrase-42' };

let server: TestServer;
let operator: TestBrowser;
let other: TestBrowser;
let page: Page;

const firmsTable = () => page.getByRole('table');
const row = (firm: string) =>
  firmsTable()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${firm}`) }) });

async function expectAccessible(browser: TestBrowser, what: string) {
  for (const width of [widths.desktop, widths.phone]) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(200);
    const violations = await axeViolations(browser.page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(widths.desktop);
}

/** Signs in on the sign-in page; resolves once the page answered (the app or an alert). */
async function signIn(p: Page, email: string, password: string) {
  await p.goto('/auth/sign-in');
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign In' }).click();
}

beforeAll(async () => {
  server = await startServer();
  operator = await launchBrowser({ baseURL: server.url });
  page = operator.page;
  await signUpAndOnboard(page, 'ops@doe-injury.test');
  other = await launchBrowser({ baseURL: server.url });
  const signUp = await other.page.request.post('/api/auth/sign-up', {
    data: { name: OTHER.name, email: OTHER.email, password: OTHER.password, lawFirm: OTHER.lawFirm, firmSize: 'E2_5' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await other.page.request.post('/api/auth/sign-out');
});

afterAll(async () => {
  await other?.close();
  await operator?.close();
  await server?.stop();
});

describe('/admin/firms', () => {
  test('the operator sees their firm and the second one, verifies it, disables and enables it', async () => {
    await page.goto('/admin/firms');
    await page.getByRole('heading', { name: 'Firms', level: 1 }).waitFor();
    await page.getByText(/Only verified firms count as evidence in other firms’ figures/).waitFor();
    await row('Doe Injury Law').getByText('Verified', { exact: true }).waitFor();
    await row(OTHER.lawFirm).getByText('Not verified').waitFor();
    expect(await firmsTable().getByRole('row').count()).toBe(3);

    await row(OTHER.lawFirm)
      .getByRole('button', { name: `Verify ${OTHER.lawFirm}` })
      .click();
    await row(OTHER.lawFirm)
      .getByRole('button', { name: `Unverify ${OTHER.lawFirm}` })
      .waitFor();

    await row(OTHER.lawFirm)
      .getByRole('button', { name: `Disable ${OTHER.lawFirm}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Disable ${OTHER.lawFirm}?` });
    await dialog.getByText(/1 member cannot sign in/).waitFor();
    await dialog.getByRole('button', { name: 'Disable firm' }).click();
    await row(OTHER.lawFirm)
      .getByRole('button', { name: `Enable ${OTHER.lawFirm}` })
      .waitFor();

    // Its member is refused with the server's message.
    await signIn(other.page, OTHER.email, OTHER.password);
    await other.page.getByRole('alert').getByText(FIRM_DISABLED).waitFor();

    await row(OTHER.lawFirm)
      .getByRole('button', { name: `Enable ${OTHER.lawFirm}` })
      .click();
    await row(OTHER.lawFirm)
      .getByRole('button', { name: `Disable ${OTHER.lawFirm}` })
      .waitFor();
    await signIn(other.page, OTHER.email, OTHER.password);
    await other.page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  });

  test('disabling the operator’s own firm shows the server’s refusal', async () => {
    await page.goto('/admin/firms');
    await row('Doe Injury Law').getByRole('button', { name: 'Disable Doe Injury Law' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Doe Injury Law?' });
    await dialog.getByRole('button', { name: 'Disable firm' }).click();
    await dialog.getByRole('alert').getByText(OWN_FIRM).waitFor();
    await expectAccessible(operator, 'the disable dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await row('Doe Injury Law').getByText('Active').waitFor();
  });

  test('has no axe-core violation at desktop and phone width', async () => {
    await page.goto('/admin/firms');
    await row(OTHER.lawFirm).waitFor();
    await page.getByRole('radio', { name: /^Open/ }).waitFor();
    await expectAccessible(operator, '/admin/firms');
    await operator.setWidth(1280);
    await operator.screenshot('admin-firms-1280');
    await operator.setWidth(widths.phone);
    await operator.screenshot('admin-firms-390');
    await operator.setWidth(widths.desktop);
  });

  test('the merge dialog says which firm is kept and which is gone, and the kept firm has both members', async () => {
    const third = await other.page.request.post('/api/auth/sign-up', {
      data: { name: 'Cy Third', email: 'cy@third-firm.test', password: 'third-firm-phrase-3', lawFirm: 'Third Firm Law' },
    });
    expect(third.status(), await third.text()).toBe(201);
    await page.goto('/admin/firms');
    await row('Third Firm Law').getByRole('button', { name: 'Merge… into Third Firm Law' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge a firm into Third Firm Law' });
    const before = (await (await page.request.get('/api/admin/firms')).json()) as { items: { id: number; name: string }[] };
    const from = before.items.find((f) => f.name === OTHER.lawFirm)!;
    await dialog.getByLabel('Firm to move into Third Firm Law').selectOption(String(from.id));
    await dialog.getByText(`Move everything of ${OTHER.lawFirm} into Third Firm Law; ${OTHER.lawFirm} is then gone.`).waitFor();
    await dialog.getByRole('button', { name: 'Merge into Third Firm Law' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(OTHER.lawFirm).count()).toBe(0);
    const kept = await page.request.get('/api/admin/firms');
    const { items } = (await kept.json()) as { items: { name: string; members: number }[] };
    expect(items.find((f) => f.name === 'Third Firm Law')?.members).toBe(2);
  });

  test('switching sign-up to invite-only makes the sign-up page show the server’s refusal', async () => {
    await page.goto('/admin/firms');
    await page.getByRole('radio', { name: /^Invite-only/ }).click();
    await page.getByText('Saved: sign-up is invite-only.').waitFor();
    await page.reload();
    expect(await page.getByRole('radio', { name: /^Invite-only/ }).isChecked()).toBe(true);

    await other.page.request.post('/api/auth/sign-out');
    await other.page.goto('/auth/sign-up');
    await other.page.getByLabel('Full Name').fill('Nick New');
    await other.page.getByLabel('Email').fill('nick@new-firm.test');
    await other.page.getByLabel('Password').fill('a-new-firm-phrase-5');
    await other.page.getByLabel('Law Firm').fill('New Firm Law');
    await other.page.getByRole('button', { name: 'Create Account' }).click();
    await other.page.getByRole('alert').getByText(INVITE_ONLY).waitFor();
  });
});

describe('a viewer', () => {
  let viewer: TestBrowser;

  beforeAll(async () => {
    // The firm has something to see: picks for every stage and a vendor on its shortlist.
    const picks = await page.request.post('/api/recommendations/pick-for-me');
    expect(picks.status(), await picks.text()).toBe(200);
    const vendors = (await (await page.request.get('/api/vendors?pageSize=1')).json()) as { items: { id: number }[] };
    const vendorId = vendors.items[0]!.id;
    const put = await page.request.put(`/api/shortlist/${vendorId}`, { data: { status: 'Demo booked', note: 'Ask about the Clio sync' } });
    expect(put.status(), await put.text()).toBe(200);

    const invitation = await page.request.post('/api/firm/invitations', { data: { email: VIEWER.email, role: 'viewer' } });
    expect(invitation.status(), await invitation.text()).toBe(201);
    const { link } = (await invitation.json()) as { link: string };
    viewer = await launchBrowser({ baseURL: server.url });
    const signUp = await viewer.page.request.post('/api/auth/sign-up', {
      data: { name: VIEWER.name, email: VIEWER.email, password: VIEWER.password, inviteToken: link.split('#')[1] },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
  });

  afterAll(async () => {
    await viewer?.close();
  });

  const writeButtons = [
    'Schedule Meeting',
    'Add to shortlist',
    'On shortlist',
    'Pick For Me',
    'Clear picks',
    'Get Recommendation',
    /^Dismiss /,
  ];

  async function expectNoWriteControl(p: Page, where: string) {
    for (const name of writeButtons) {
      expect(await p.getByRole('button', { name }).count(), `${String(name)} on ${where}`).toBe(0);
    }
  }

  test('browses Matches with the firm’s picks and no write control', async () => {
    const p = viewer.page;
    await p.goto('/matches');
    await p.getByRole('heading', { name: 'Get Recommendations' }).waitFor();
    await p.getByText(VIEW_ONLY_NOTE).waitFor();
    // Opens the first stage: its picks show, with their website links.
    await p.getByRole('region', { name: 'Stages of a case' }).getByRole('button').first().click();
    await p.getByRole('region', { name: 'Stages of a case' }).getByRole('article').first().waitFor();
    await expectNoWriteControl(p, '/matches');
    expect(await p.getByText(VIEW_ONLY_NOTE).count()).toBe(1);
    await expectAccessible(viewer, 'a viewer’s /matches');
    await viewer.setWidth(1280);
    await viewer.screenshot('viewer-matches-1280');
    await viewer.setWidth(widths.phone);
    await viewer.screenshot('viewer-matches-390');
    await viewer.setWidth(widths.desktop);
  });

  test('browses Vendors: website links stay, no Schedule Meeting or Add to shortlist', async () => {
    const p = viewer.page;
    await p.goto('/vendors');
    await p.getByRole('article').first().waitFor();
    expect(await p.getByRole('link', { name: /Visit Website/ }).count()).toBeGreaterThan(0);
    await expectNoWriteControl(p, '/vendors');
  });

  test('browses the Shortlist: the owner’s entry, its status and note as text', async () => {
    const p = viewer.page;
    await p.goto('/shortlist');
    const entry = p.getByRole('article').first();
    await entry.getByText('Ask about the Clio sync').waitFor();
    await entry.getByText('Demo booked', { exact: true }).waitFor();
    expect(await p.getByRole('combobox').count()).toBe(0);
    expect(await p.getByRole('textbox').count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Remove from shortlist' }).count()).toBe(0);
    expect(await p.getByText('Did the demo happen?').count()).toBe(0);
    await expectNoWriteControl(p, '/shortlist');
    await expectAccessible(viewer, 'a viewer’s /shortlist');
    await viewer.setWidth(1280);
    await viewer.screenshot('viewer-shortlist-1280');
    await viewer.setWidth(widths.phone);
    await viewer.screenshot('viewer-shortlist-390');
    await viewer.setWidth(widths.desktop);
  });

  test('browses the Tech stack with no control to change it', async () => {
    const p = viewer.page;
    await p.goto('/tech-stack');
    await p.getByRole('heading', { name: 'Tech Stack', level: 1 }).waitFor();
    await p.getByText(VIEW_ONLY_NOTE).waitFor();
    await p.getByText('Not answered yet').first().waitFor();
    expect(await p.getByRole('button', { name: 'Save Tech Stack' }).count()).toBe(0);
    expect(await p.getByRole('radio').count()).toBe(0);
    await expectNoWriteControl(p, '/tech-stack');
  });
});
