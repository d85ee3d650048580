import type { Page } from 'playwright-core';

/**
 * Signs a new user up and finishes onboarding through the API (the browser context keeps the
 * session cookie), for tests about a screen rather than about accounts.
 */
export async function signUpAndOnboard(page: Page, email = 'pat@doe-injury.test'): Promise<void> {
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { name: 'Pat Doe', email, password: 'browse-the-directory-1', lawFirm: 'Doe Injury Law', firmSize: 'E6_20' },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const onboarding = await page.request.post('/api/profile/onboarding', {
    data: {
      attorneysCountBand: 'A2_5',
      employeesCountBand: 'E11_50',
      injuryCasesPerMonthBand: 'C11_25',
      annualSoftwareSpendBand: 'S10_40K',
    },
  });
  if (!onboarding.ok()) throw new Error(`onboarding failed: ${onboarding.status()} ${await onboarding.text()}`);
}
