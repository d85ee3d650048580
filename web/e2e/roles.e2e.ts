import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { screens, type Screen } from '@/app/screens';
import type { FirmRole } from '@/lib/api/types';

import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { signUpAndOnboard } from './support/session';

// Screens true to the role (issue 45): each role of a firm (owner, admin, member, viewer) and the
// install's operator signs in, opens every signed-in screen of the screen registry it may open,
// and activates every enabled control on it: buttons (dialogs' too), checkboxes, radios, selects
// and text fields (typed into, then left), the first item of each list standing for the rest. A
// control a person is shown must be one whose request is accepted, so any 403 the server answers
// fails the walk, with the screen and the control that caused it. Controls that end the session
// are left alone; those that take something away go last on each screen, and the firm walked is
// a throwaway one, made for this file.

const PASSWORD = 'walk-every-screen-1';
const FIRM = 'Walk Law';

type Person = { role: FirmRole | 'operator'; name: string; email: string };
const people: Person[] = [
  { role: 'viewer', name: 'Vi Viewer', email: 'vi@walk-law.test' },
  { role: 'member', name: 'Mo Member', email: 'mo@walk-law.test' },
  { role: 'admin', name: 'Al Admin', email: 'al@walk-law.test' },
  { role: 'owner', name: 'Ow Owner', email: 'ow@walk-law.test' },
  { role: 'operator', name: 'Op Operator', email: 'op@install.test' },
];

/** What never to press: it would end the walk's own session, or leave for another site. */
const NEVER = /^(sign out|log out)$|sign out everywhere|end (this|all|other) sessions?|sign out of /i;
/** Pressed last: it takes something away. */
const DESTRUCTIVE = /remove|delete|revoke|withdraw|dismiss|clear|leave|turn off|disable|reject|object|replace|reset|merge|undo/i;

let server: TestServer;
let setup: TestBrowser;
let decisionId = 0;
const INTAKE = 2;

async function api(page: Page, method: 'post' | 'put', path: string, data?: unknown) {
  const res = await page.request[method](path, data === undefined ? undefined : { data });
  if (!res.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`);
  return res.json().catch(() => null);
}

async function signIn(page: Page, email: string) {
  await page.request.post('/api/auth/sign-out');
  const res = await page.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`sign-in of ${email}: ${res.status()} ${await res.text()}`);
}

/** The screens a person may open, with their path parameters filled from the walk's data. */
function screensFor(person: Person): string[] {
  const mayOpen = (s: Screen) =>
    s.access === 'signed-in' ||
    (s.access === 'operator' && person.role === 'operator') ||
    (typeof s.access === 'object' &&
      (person.role === 'operator' ? s.access.firmRoles.includes('owner') : s.access.firmRoles.includes(person.role)));
  const params: Record<string, string> = { id: '12', categoryId: String(INTAKE) };
  return screens
    .filter((s) => s.access !== 'public' && mayOpen(s) && s.path !== '/')
    .flatMap((s) => {
      if (s.path === '/decisions/:id') return [`/decisions/${decisionId}`];
      if (s.path === '/compare') return ['/compare?ids=12,13'];
      // An evaluation with its criteria locked by a scorecard, and one with nothing saved yet.
      if (s.path === '/evaluations/:categoryId') return [`/evaluations/${INTAKE}`, '/evaluations/1'];
      return [s.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1')];
    });
}

type Control = { id: string; label: string; tag: string; type: string | null; opens: boolean };

/**
 * Marks every enabled, visible control of the open dialog (or, without one, of the page's main
 * region) with `data-walk`, in one pass inside the page, and answers what each is.
 */
function controlsNow(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
    const scope = dialogs.at(-1) ?? document.querySelector('main') ?? document.body;
    const selector =
      'button, [role="button"], [role="tab"], [role="menuitem"], input[type="checkbox"], input[type="radio"], select, textarea, input[type="text"], input[type="number"], input[type="date"], input[type="email"], input[type="url"], input:not([type])';
    let n = 0;
    return [...scope.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        // One item of a list stands for all: its controls are the others' (a card, a row).
        const item = el.closest('article, li, tr');
        if (item?.parentElement && item.parentElement.firstElementChild !== item) return false;
        const box = el.getBoundingClientRect();
        const disabled = (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true';
        const readOnly = (el as HTMLInputElement).readOnly === true;
        return box.width > 0 && box.height > 0 && !disabled && !readOnly;
      })
      .map((el) => {
        const id = `w${n++}`;
        el.setAttribute('data-walk', id);
        const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
        const label = (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? el.getAttribute('name') ?? '')
          .trim()
          .replace(/\s+/g, ' ');
        // A disclosure or a tab only shows more controls: it is pressed in both passes.
        const opens = el.getAttribute('aria-expanded') === 'false' || el.getAttribute('role') === 'tab';
        return { id, label: label.slice(0, 80), tag: el.tagName.toLowerCase(), type: el.getAttribute('type'), opens };
      });
  });
}

/** Activates every enabled control of the screen (and of the dialogs it opens), once each. */
async function pressEverything(page: Page, screen: string, refusals: string[]) {
  // Each API request is put down to the control last pressed before it started; the walk does not
  // wait for answers between presses, only for the screen to be quiet at the end.
  let current = '(opening the screen)';
  const cause = new WeakMap<object, string>();
  let inFlight = 0;
  const started = (req: Request) => {
    if (!req.url().includes('/api/')) return;
    cause.set(req, current);
    inFlight++;
  };
  const ended = (req: Request) => void (req.url().includes('/api/') && inFlight--);
  const answered = (res: Response) => {
    if (res.status() === 403 && new URL(res.url()).pathname.startsWith('/api/')) {
      const req = res.request();
      refusals.push(`${screen}: ${req.method()} ${new URL(res.url()).pathname} after "${cause.get(req) ?? current}"`);
    }
  };
  const quiet = async () => {
    for (let waited = 0, still = 0; waited < 3000 && still < 150; waited += 25) {
      await page.waitForTimeout(25);
      still = inFlight > 0 ? 0 : still + 25;
    }
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', answered);
  // Five walks and another file's browser share the machine's cores: a screen's first load may
  // take longer than an action's usual wait, and the walk is about refusals, not speed.
  const loaded = { timeout: 45_000 };
  try {
    await page.goto(screen, loaded);
    await page.waitForLoadState('networkidle', loaded);
    const seen = new Set<string>();
    for (let round = 0; round < 60; round++) {
      // What takes something away goes after everything else on the screen.
      const fresh = (await controlsNow(page)).filter((c) => !seen.has(`${c.tag}:${c.label}`) && !NEVER.test(c.label));
      const next = fresh.find((c) => c.opens || !DESTRUCTIVE.test(c.label)) ?? fresh[0];
      if (!next) {
        // Nothing new here: close a dialog and go on with the page, or stop.
        if ((await page.locator('[role="dialog"], [role="alertdialog"]').count()) === 0) break;
        await page.keyboard.press('Escape');
        await page.waitForTimeout(100);
        if ((await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0) break;
        continue;
      }
      seen.add(`${next.tag}:${next.label}`);
      current = next.label;
      const control = page.locator(`[data-walk="${next.id}"]`);
      const act =
        next.tag === 'select'
          ? control
              .locator('option')
              .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
              .then((values) => (values.length > 0 ? control.selectOption(values[values.length - 1]!, { timeout: 300 }) : []))
          : next.tag === 'textarea' || (next.tag === 'input' && next.type !== 'checkbox' && next.type !== 'radio')
            ? control
                .fill(next.type === 'number' ? '3' : next.type === 'date' ? '2027-02-01' : 'Walked', { timeout: 300 })
                .then(() => control.blur())
            : // A covered control (a modal's backdrop, a toast) is still pressed: its click event is sent to it.
              control.click({ timeout: 300 }).catch(() => control.dispatchEvent('click', undefined, { timeout: 300 }));
      await act.catch(() => {});
      await page.waitForTimeout(40);
      // A control that left the screen: come back for the rest.
      if (new URL(page.url()).pathname !== new URL(screen, server.url).pathname) {
        await quiet();
        await page.goto(screen, loaded);
        await page.waitForLoadState('networkidle', loaded);
      }
    }
    await quiet();
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
    page.off('response', answered);
  }
}

beforeAll(async () => {
  server = await startServer();
  setup = await launchBrowser({ baseURL: server.url });
  const page = setup.page;
  // The install's operator, in a firm of its own: the first account.
  await signUpAndOnboard(page, { name: 'Op Operator', email: 'op@install.test', password: PASSWORD, lawFirm: 'Install Ops' });
  // The walked firm: its owner signs up, then invites an admin, a member and a viewer.
  await page.request.post('/api/auth/sign-out');
  await signUpAndOnboard(page, { name: 'Ow Owner', email: 'ow@walk-law.test', password: PASSWORD, lawFirm: FIRM });
  for (const p of people.filter((p) => p.role !== 'owner' && p.role !== 'operator')) {
    const invitation = await api(page, 'post', '/api/firm/invitations', { email: p.email, role: p.role });
    const token = (invitation as { link: string }).link.split('/join#')[1];
    await page.request.post('/api/auth/sign-out');
    await api(page, 'post', '/api/auth/sign-up', { name: p.name, email: p.email, password: PASSWORD, inviteToken: token });
    await signIn(page, 'ow@walk-law.test');
  }
  // Something on every screen: picks, a tool in the stack, a shortlist, criteria, a scorecard and
  // an open decision.
  await api(page, 'post', '/api/recommendations/pick-for-me');
  await api(page, 'post', '/api/profile/category-adoption', { items: [{ categoryId: 10, hasTool: true, selectedVendorIds: [95] }] });
  for (const vendor of [12, 13]) await api(page, 'put', `/api/shortlist/${vendor}`, { status: 'Demo held' });
  const criteria = (await api(page, 'put', `/api/evaluations/${INTAKE}/criteria`, {
    criteria: [
      { name: 'Ease of use', weight: 60 },
      { name: 'Price', weight: 40 },
    ],
  })) as { criteria: { id: string }[] };
  const card = `/api/evaluations/${INTAKE}/scorecards/12`;
  await api(page, 'put', card, { scores: criteria.criteria.map((c) => ({ criterionId: c.id, score: 4, comment: '' })) });
  await api(page, 'post', `${card}/submit`, {});
  const decision = (await api(page, 'post', '/api/decisions', {
    categoryId: INTAKE,
    vendorId: 12,
    runnerUpId: 13,
    reasons: 'Scored best on ease of use',
    annualCost: 1_200_000,
    startDate: '2027-01-01',
  })) as { id: number };
  decisionId = decision.id;
  await setup.close();
});

afterAll(async () => {
  await server?.stop();
});

// The five walks run at once, each in a browser of its own: a walk mostly waits on the screen, and
// only a 403 counts against it, which another role's presses on the same firm cannot cause.
describe.concurrent('every control a person is shown is one they may use', () => {
  for (const person of people) {
    test(`the ${person.role}`, { timeout: 600_000 }, async () => {
      const browser = await launchBrowser({ baseURL: server.url });
      // A vendor's site opens in a new tab: closed at once, the walk stays on Litstack.
      browser.context.on('page', (tab) => void tab.close());
      try {
        await signIn(browser.page, person.email);
        const refusals: string[] = [];
        const walked = screensFor(person);
        expect(walked.length).toBeGreaterThan(10);
        for (const screen of walked) await pressEverything(browser.page, screen, refusals);
        expect(refusals, `the ${person.role} was shown controls the server refused`).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});
