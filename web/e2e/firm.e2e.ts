import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// A firm decides together, told as one story on the real binary: the owner invites a member and
// a viewer on /firm and copies their links; both join through them (no onboarding asked); the
// member shortlists a vendor with a note and the owner sees it with the member's name; the viewer sees it and no write
// control; the owner removes the member, whose open tab is on sign-in at its next request. Then
// the one-time links: a reset link used twice, and used or withdrawn invitation links.

let server: TestServer;
let owner: TestBrowser;
let member: TestBrowser;
let viewer: TestBrowser;

const FIRM = 'Doe Injury Law';
const NOTE = 'Sam: the intake demo was strong; ask about the Filevine sync.';
const LAWMATICS = 12;
const links: { member?: string; viewer?: string } = {};

async function expectAccessible(browser: TestBrowser, what: string) {
  for (const width of [1280, widths.phone]) {
    await browser.setWidth(width);
    await browser.page.waitForTimeout(200);
    const violations = await axeViolations(browser.page);
    expect(violations, `${what} at ${width} px:\n${describeViolations(violations)}`).toEqual([]);
  }
  await browser.setWidth(1280);
}

/** Invites `email` as `role` through the form; copies the link with the Copy button and returns it. */
async function inviteThroughTheForm(page: Page, email: string, role: 'member' | 'viewer', { look = false } = {}) {
  const form = page.getByRole('form', { name: 'Invite a person' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Create invitation link' }).click();
  const dialog = page.getByRole('dialog', { name: `Invitation for ${email}` });
  await dialog.getByText('it is shown only once').waitFor();
  await dialog.getByText('valid for 7 days').waitFor();
  await dialog.getByText('Email delivery is not set up yet').waitFor();
  const shown = await dialog.getByLabel('Invitation link').inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  if (look) {
    await owner.screenshotAtDesktopAndPhone('firm-invitation-link');
    await expectAccessible(owner, 'the invitation link dialog');
  }
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  expect(copied).toMatch(new RegExp(`^${server.url}/join#\\S+$`));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  return copied;
}

async function newBrowser() {
  const browser = await launchBrowser({ baseURL: server.url });
  await browser.setWidth(1280);
  return browser;
}

beforeAll(async () => {
  server = await startServer();
  owner = await newBrowser();
  await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // Pat Doe of Doe Injury Law, the first account: the install's operator and the firm's owner.
  await signUpAndOnboard(owner.page, 'pat@doe-injury.test');
});

afterAll(async () => {
  for (const browser of [owner, member, viewer]) await browser?.close();
  await server?.stop();
});

describe('a firm of three', () => {
  test('the owner invites a member and a viewer on /firm and copies their links', async () => {
    const page = owner.page;
    await page.goto('/matches');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Firm', exact: true }).click();
    await page.getByRole('heading', { name: 'Firm', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Pat Doe \(you\)/ }).waitFor();

    links.member = await inviteThroughTheForm(page, 'sam@doe-injury.test', 'member', { look: true });
    links.viewer = await inviteThroughTheForm(page, 'vic@doe-injury.test', 'viewer');

    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText('sam@doe-injury.test', { exact: true }).waitFor();
    await pending.getByText('vic@doe-injury.test', { exact: true }).waitFor();
    // The audit log is a tab below the members.
    await page.getByRole('tablist', { name: 'Firm settings' }).getByRole('tab', { name: 'Audit log' }).click();
    const log = page.getByRole('list', { name: 'Audit log' });
    await log.getByText('Invited vic@doe-injury.test as viewer').waitFor();
  });

  test('both join through their links, and are not asked the firm’s questions', async () => {
    member = await newBrowser();
    await member.page.goto(links.member!);
    await member.page.getByRole('heading', { name: `Join ${FIRM} as a member` }).waitFor();
    const email = member.page.getByLabel('Email');
    expect(await email.inputValue()).toBe('sam@doe-injury.test');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await member.page.getByLabel('Law Firm').count()).toBe(0);
    await member.screenshotAtDesktopAndPhone('join');
    await expectAccessible(member, '/join');
    await member.page.getByLabel('Full Name').fill('Sam Lee');
    await member.page.getByLabel('Password').fill('we-decide-together-1');
    await member.page.getByRole('button', { name: `Join ${FIRM}` }).click();
    await member.page.waitForURL('**/matches');
    await member.page.getByRole('region', { name: 'Progress' }).waitFor();

    viewer = await newBrowser();
    await viewer.page.goto(links.viewer!);
    await viewer.page.getByRole('heading', { name: `Join ${FIRM} as a viewer` }).waitFor();
    await viewer.page.getByLabel('Full Name').fill('Vic Viewer');
    await viewer.page.getByLabel('Password').fill('i-only-read-here-1');
    await viewer.page.getByRole('button', { name: `Join ${FIRM}` }).click();
    await viewer.page.waitForURL('**/matches');
    await viewer.page.getByRole('region', { name: 'Progress' }).waitFor();

    // The firm answered the onboarding questions when it began: nobody is asked again.
    for (const page of [member.page, viewer.page]) {
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('dialog', { name: 'Tell us about your firm' }).count()).toBe(0);
      await page.getByLabel('Signed in as').getByText(FIRM).waitFor();
    }
  });

  test('the member shortlists Lawmatics with a note, and the owner sees it', async () => {
    const page = member.page;
    await page.goto('/vendors?q=Lawmatics');
    const card = page.getByRole('article', { name: 'Lawmatics' });
    await card.getByRole('button', { name: 'Add to shortlist' }).click();
    await card.getByRole('button', { name: 'On shortlist', pressed: true }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shortlist' }).click();
    await page.getByLabel('Note on Lawmatics').fill(NOTE);
    await page.getByRole('article', { name: 'Lawmatics' }).getByText('Saved', { exact: true }).waitFor();

    await owner.page.goto('/shortlist');
    await owner.page.getByLabel('Note on Lawmatics').waitFor();
    expect(await owner.page.getByLabel('Note on Lawmatics').inputValue()).toBe(NOTE);
    // With its author's name.
    await owner.page
      .getByRole('article', { name: 'Lawmatics' })
      .getByText(/^Note last changed by Sam Lee on /)
      .waitFor();
    const shortlist = await owner.page.request.get('/api/shortlist');
    const entries: { vendorId: number; note: string; noteBy?: string | null }[] = (await shortlist.json()).groups.flatMap(
      (group: { entries: unknown[] }) => group.entries,
    );
    expect(entries.find((entry) => entry.vendorId === LAWMATICS)).toMatchObject({ note: NOTE, noteBy: 'Sam Lee' });
  });

  test('a write of the viewer straight to the API is refused, and /firm shows the viewer no control', async () => {
    const page = viewer.page;
    const write = await page.request.put(`/api/shortlist/${LAWMATICS}`, { data: { note: 'A viewer’s note' } });
    expect(write.status()).toBe(403);
    expect((await write.json()).error).toBe(
      'Viewers can read everything of the firm but change nothing. Ask an owner or admin for the member role.',
    );

    await page.goto('/firm');
    await page.getByRole('row', { name: /Vic Viewer \(you\)/ }).waitFor();
    await page.getByText('You have view-only access. Ask an owner or admin for the member role.').waitFor();
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Invite a person' }).count()).toBe(0);
    await viewer.screenshotAtDesktopAndPhone('firm-viewer');
    await expectAccessible(viewer, '/firm as a viewer');
  });

  // The shortlist's own gating for viewers is built beside this screen (web part B).
  test('the viewer sees the member’s entry and note, and no write control on it', async () => {
    const page = viewer.page;
    await page.goto('/shortlist');
    const entry = page.getByRole('article', { name: 'Lawmatics' });
    await entry.waitFor();
    // The note shows, as text or in a read-only field.
    await expect
      .poll(() => entry.evaluate((el) => `${el.textContent ?? ''} ${[...el.querySelectorAll('textarea')].map((t) => t.value).join(' ')}`))
      .toContain(NOTE);
    expect(await entry.getByRole('button', { name: 'Remove from shortlist' }).count()).toBe(0);
    expect(await entry.getByRole('combobox', { name: 'Status of Lawmatics' }).count()).toBe(0);
    expect(await entry.getByRole('textbox', { name: 'Note on Lawmatics' }).count()).toBe(0);
    await page.goto('/vendors?q=Lawmatics');
    await page.getByRole('article', { name: 'Lawmatics' }).waitFor();
    expect(await page.getByRole('button', { name: /Add to shortlist|On shortlist/ }).count()).toBe(0);
  });

  test('the owner removes the member; the member’s open tab is on sign-in at its next request', async () => {
    const page = owner.page;
    await page.goto('/firm');
    await page.getByRole('row', { name: /Sam Lee/ }).waitFor();
    await owner.screenshotAtDesktopAndPhone('firm-owner');
    await expectAccessible(owner, '/firm as the owner');

    await page
      .getByRole('row', { name: /Sam Lee/ })
      .getByRole('button', { name: 'Remove Sam Lee' })
      .click();
    const ask = page.getByRole('dialog', { name: `Remove Sam Lee from ${FIRM}?` });
    await ask.getByRole('button', { name: 'Remove' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Sam Lee/ }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByRole('list', { name: 'Audit log' }).getByText('Removed Sam Lee (sam@doe-injury.test)').waitFor();

    // Sam's tab still shows the shortlist; the next screen's request finds the session gone.
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Firm', exact: true }).click();
    await member.page.waitForURL('**/auth/sign-in**');
    await member.page.getByText(`You were signed out because you were removed from ${FIRM}.`).waitFor();
  });

  test('a reset link sets a password once; opened again it says it was used', async () => {
    const page = owner.page;
    await page
      .getByRole('row', { name: /Vic Viewer/ })
      .getByRole('button', { name: 'Reset link for Vic Viewer' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Password-reset link for Vic Viewer' });
    await dialog.getByText(/for 15 minutes/).waitFor();
    const link = await dialog.getByLabel('Reset link').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/reset-password#\\S+$`));
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Sam's browser, signed out now, opens it for Vic.
    const other = member.page;
    await other.goto(link);
    await other.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await member.screenshotAtDesktopAndPhone('reset-password');
    await expectAccessible(member, '/reset-password');
    await other.getByLabel('New Password', { exact: true }).fill('a-fresh-password-2');
    await other.getByLabel('Confirm New Password').fill('a-fresh-password-2');
    await other.getByRole('button', { name: 'Set New Password' }).click();
    await other.waitForURL('**/auth/sign-in');
    await other.getByText('Your new password is set. Sign in with it to continue.').waitFor();
    await other.getByLabel('Email').fill('vic@doe-injury.test');
    await other.getByLabel('Password').fill('a-fresh-password-2');
    await other.getByRole('button', { name: 'Sign In' }).click();
    await other.waitForURL('**/matches');

    await other.goto(link);
    await other.getByLabel('New Password', { exact: true }).fill('another-password-3');
    await other.getByLabel('Confirm New Password').fill('another-password-3');
    await other.getByRole('button', { name: 'Set New Password' }).click();
    await other.getByRole('alert').getByText('This reset link has expired or was already used. Ask for a new one.').waitFor();
  });

  test('a used or withdrawn invitation link says which on /join; a signed-in visitor is offered to sign out', async () => {
    const page = owner.page;
    // Signed in, the owner opening an invitation link is told so.
    await page.goto('/firm');
    const kim = await inviteThroughTheForm(page, 'kim@doe-injury.test', 'member');
    await page.goto(kim);
    await page.getByRole('heading', { name: 'You are already signed in' }).waitFor();
    await page.getByRole('button', { name: 'Sign out and continue' }).waitFor();

    await page.goto('/firm');
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByRole('button', { name: 'Revoke the invitation of kim@doe-injury.test' }).click();
    const ask = page.getByRole('dialog', { name: 'Revoke the invitation of kim@doe-injury.test?' });
    await ask.getByRole('button', { name: 'Revoke' }).click();
    await ask.waitFor({ state: 'detached' });
    await pending.getByText('kim@doe-injury.test', { exact: true }).waitFor({ state: 'detached' });

    const visitor = member;
    await visitor.context.clearCookies();
    await visitor.page.goto(kim);
    await visitor.page
      .getByRole('alert')
      .getByText("This invitation was withdrawn. Ask the firm's owner or admin for a new link.")
      .waitFor();
    await visitor.page.goto(links.member!);
    await visitor.page.getByRole('alert').getByText('This invitation has already been used. Sign in, or ask for a new link.').waitFor();
    await visitor.screenshotAtDesktopAndPhone('join-used');
  });
});
