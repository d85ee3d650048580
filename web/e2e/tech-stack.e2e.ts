import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { launchBrowser, widths, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

// A firm fills in its tech stack on /tech-stack, saves it, and finds it again after a reload.

let server: TestServer;
let browser: TestBrowser;
let page: Page;

const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const category = (name: string) => page.getByRole('region', { name, exact: true });
const saveButton = () => page.getByRole('button', { name: 'Save Tech Stack' });

/** Signs up and finishes onboarding through the API, from the app's own origin. */
async function signUpAndOnboard() {
  await page.goto('/auth/sign-in');
  const status = await page.evaluate(async () => {
    const post = (path: string, body: unknown) =>
      fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const signUp = await post('/api/auth/sign-up', {
      name: 'Grace Hopper',
      email: 'grace@hopper-injury.test',
      password: 'cobol-compiler-1959',
      lawFirm: 'Hopper Injury Law',
    });
    const onboarding = await post('/api/profile/onboarding', {
      attorneysCountBand: 'A2_5',
      employeesCountBand: 'E11_50',
      injuryCasesPerMonthBand: 'C11_25',
      annualSoftwareSpendBand: 'S10_40K',
    });
    return [signUp.status, onboarding.status];
  });
  expect(status).toEqual([201, 200]);
}

async function answerNo(card: Locator) {
  await card.getByRole('radio', { name: 'No' }).check();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
  page = browser.page;
  await signUpAndOnboard();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the Tech Stack page', () => {
  test('opens from the sidebar with every category unanswered and Save disabled', async () => {
    await page.goto('/matches');
    await page.getByRole('complementary').getByRole('link', { name: 'Tech Stack' }).click();
    await page.waitForURL('**/tech-stack');
    await page.getByRole('heading', { name: 'Tech Stack', level: 1 }).waitFor();
    await category('Lead Generation').waitFor();
    expect(
      await page
        .getByRole('region')
        .filter({ has: page.getByRole('radio', { name: 'Yes' }) })
        .count(),
    ).toBe(14);
    expect(await saveButton().isDisabled()).toBe(true);
    await page.getByText('0 of 14 categories answered. Save keeps the ones answered; the others stay open.').waitFor();
    await browser.screenshotAtWidths('tech-stack-empty', { fullPage: false });
  });

  test('saves the categories answered so far; the others stay open', async () => {
    await answerNo(category('Trial Prep & Presentation'));
    await page.getByText('1 of 14 categories answered. Save keeps the ones answered; the others stay open.').waitFor();
    expect(await saveButton().isEnabled()).toBe(true);
    await saveButton().click();
    await toast('Your tech stack has been updated successfully!').waitFor();
    await page.reload();
    await category('Trial Prep & Presentation').waitFor();
    expect(await category('Trial Prep & Presentation').getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    expect(await category('Intake').getByRole('radio', { name: 'Yes' }).isChecked()).toBe(false);
    expect(await category('Intake').getByRole('radio', { name: 'No' }).isChecked()).toBe(false);
    await page.getByText('1 of 14 categories answered. Save keeps the ones answered; the others stay open.').waitFor();
    // Nothing changed since the save: nothing to send.
    expect(await saveButton().isDisabled()).toBe(true);
  });

  test('Yes, check, star, unstar, and add other tools with Enter', async () => {
    const intake = category('Intake');
    await intake.getByRole('radio', { name: 'Yes' }).check();
    await intake.getByText('(0/10)').waitFor();
    await intake.getByRole('checkbox', { name: 'Lead Docket' }).check();
    await intake.getByRole('checkbox', { name: 'Law Ruler' }).check();
    const starLawRuler = intake.getByRole('button', { name: 'Mark Law Ruler as primary' });
    await starLawRuler.click();
    expect(await starLawRuler.getAttribute('aria-pressed')).toBe('true');
    await starLawRuler.click();
    expect(await starLawRuler.getAttribute('aria-pressed')).toBe('false');
    await intake.getByRole('button', { name: 'Mark Lead Docket as primary' }).click();
    await intake.getByText('Primary', { exact: true }).waitFor();

    const other = intake.getByRole('textbox', { name: 'Other Intake tool' });
    await other.fill('  Homegrown CRM  ');
    await other.press('Enter');
    await other.fill('HOMEGROWN crm');
    await other.press('Enter');
    await other.fill('   ');
    await other.press('Enter');
    const others = intake.getByRole('list', { name: 'Other Intake tools' });
    expect(await others.getByRole('listitem').allInnerTexts()).toEqual(['Homegrown CRM']);
    await intake.getByText('(3/10)').waitFor();
    await browser.screenshotAtWidths('tech-stack-intake', { fullPage: false });
  });

  test('hits the limit of ten vendors in a category', async () => {
    const pm = category('Practice Management');
    await pm.scrollIntoViewIfNeeded();
    await pm.getByRole('radio', { name: 'Yes' }).check();
    const boxes = pm.getByRole('checkbox');
    for (let i = 0; i < 8; i += 1) await boxes.nth(i).check();
    const other = pm.getByRole('textbox', { name: 'Other Practice Management tool' });
    await other.fill('Spreadsheet');
    await other.press('Enter');
    await pm.getByText('(9/10)').waitFor();
    await other.fill('Paper Files');
    await pm.getByRole('button', { name: 'Add' }).click();
    await pm.getByText('(10/10)').waitFor();
    await pm.getByText('Maximum 10 vendors per category reached.').waitFor();
    expect(await pm.getByRole('textbox').count()).toBe(0);
    expect(await boxes.nth(9).isDisabled()).toBe(true);
    for (const width of Object.values(widths)) {
      await browser.setWidth(width);
      await pm.getByText('Maximum 10 vendors per category reached.').scrollIntoViewIfNeeded();
      await browser.screenshot(`tech-stack-limit-${width}`, { fullPage: false });
    }
    await browser.setWidth(widths.desktop);

    await pm.getByRole('button', { name: 'Remove Paper Files' }).click();
    await pm.getByText('(9/10)').waitFor();
    await pm.getByRole('textbox', { name: 'Other Practice Management tool' }).waitFor();
  });

  test('No clears a category; Save is open while partly answered, then saves every answer', async () => {
    const staffing = category('Staffing');
    await staffing.getByRole('radio', { name: 'Yes' }).check();
    await staffing.getByRole('checkbox').first().check();
    await answerNo(staffing);
    expect(await staffing.getByRole('checkbox').count()).toBe(0);

    const cards = page.getByRole('region').filter({ has: page.getByRole('radio', { name: 'No' }) });
    const count = await cards.count();
    for (let i = 0; i < count; i += 1) {
      const card = cards.nth(i);
      const answered =
        (await card.getByRole('radio', { name: 'Yes' }).isChecked()) || (await card.getByRole('radio', { name: 'No' }).isChecked());
      if (!answered) {
        // Partly answered is savable (only answered categories are sent).
        expect(await saveButton().isEnabled()).toBe(true);
        await answerNo(card);
      }
    }
    await page.getByText('Every category is answered.').waitFor();
    expect(await saveButton().isEnabled()).toBe(true);
    await saveButton().click();
    await toast('Success').waitFor();
    await toast('Your tech stack has been updated successfully!').waitFor();
    await browser.screenshot('tech-stack-saved-1440', { fullPage: false });
  });

  test('after a reload the saved stack is kept', async () => {
    await page.reload();
    const intake = category('Intake');
    await intake.waitFor();
    expect(await intake.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    expect(await intake.getByRole('checkbox', { name: 'Lead Docket' }).isChecked()).toBe(true);
    expect(await intake.getByRole('checkbox', { name: 'Law Ruler' }).isChecked()).toBe(true);
    expect(await intake.getByRole('button', { name: 'Mark Lead Docket as primary' }).getAttribute('aria-pressed')).toBe('true');
    expect(await intake.getByRole('button', { name: 'Mark Law Ruler as primary' }).getAttribute('aria-pressed')).toBe('false');
    expect(await intake.getByRole('list', { name: 'Other Intake tools' }).getByRole('listitem').allInnerTexts()).toEqual(['Homegrown CRM']);
    await intake.getByText('(3/10)').waitFor();
    await category('Practice Management').getByText('(9/10)').waitFor();
    expect(await category('Staffing').getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    // As saved: nothing to send until something changes.
    expect(await saveButton().isDisabled()).toBe(true);

    // Unchecking the primary clears it; No on Intake clears everything; both are kept.
    await intake.getByRole('checkbox', { name: 'Lead Docket' }).uncheck();
    await answerNo(category('Practice Management'));
    await saveButton().click();
    await toast('Your tech stack has been updated successfully!').waitFor();
    await page.reload();
    await category('Intake').waitFor();
    expect(await category('Intake').getByRole('checkbox', { name: 'Lead Docket' }).isChecked()).toBe(false);
    expect(
      await category('Intake')
        .getByRole('button', { name: /as primary/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(await category('Practice Management').getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    await category('Practice Management').getByRole('radio', { name: 'Yes' }).check();
    expect(await category('Practice Management').getByText('(0/10)').isVisible()).toBe(true);
  });
});
