import type { Page } from 'playwright-core';

/** A new account's details; each has a default, so a test names only what it reads back. */
export type NewAccount = { name?: string; email?: string; password?: string; lawFirm?: string; firmSize?: string };

/**
 * Signs a new user up and finishes onboarding through the API (the browser context keeps the
 * session cookie), for tests about a screen rather than about accounts. Answers the new user's id.
 */
export async function signUpAndOnboard(page: Page, account: string | NewAccount = {}): Promise<number> {
  const {
    name = 'Pat Doe',
    email = 'pat@doe-injury.test',
    password = 'browse-the-directory-1',
    lawFirm = 'Doe Injury Law',
    firmSize = 'E6_20',
  } = typeof account === 'string' ? { email: account } : account;
  const signUp = await page.request.post('/api/auth/sign-up', { data: { name, email, password, lawFirm, firmSize } });
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
  return ((await signUp.json()) as { user: { id: number } }).user.id;
}

/**
 * The signed-in owner or admin invites `email` with `role`, and the invitee joins through the
 * link's token: afterwards the browser context holds the new member's session.
 */
export async function inviteAndJoin(
  page: Page,
  member: { name: string; email: string; password: string; role?: 'viewer' | 'member' | 'admin' },
): Promise<void> {
  const invitation = await page.request.post('/api/firm/invitations', { data: { email: member.email, role: member.role ?? 'member' } });
  if (invitation.status() !== 201) throw new Error(`invitation failed: ${invitation.status()} ${await invitation.text()}`);
  const token = ((await invitation.json()) as { link: string }).link.split('/join#')[1] ?? '';
  await page.request.post('/api/auth/sign-out');
  const joined = await page.request.post('/api/auth/sign-up', {
    data: { name: member.name, email: member.email, password: member.password, inviteToken: token },
  });
  if (joined.status() !== 201) throw new Error(`joining failed: ${joined.status()} ${await joined.text()}`);
}

/** Puts the first catalog tool of the first category that has one into the firm's tech stack. */
export async function addAToolToTheStack(page: Page): Promise<{ id: number; name: string }> {
  const list = (await (await page.request.get('/api/profile/category-adoption')).json()) as {
    items: { category: { id: number }; vendors: { id: number; name: string }[] }[];
  };
  const item = list.items.find((i) => i.vendors.length > 0);
  if (!item?.vendors[0]) throw new Error('no category has a catalog tool');
  const tool = item.vendors[0];
  const saved = await page.request.post('/api/profile/category-adoption', {
    data: { items: [{ categoryId: item.category.id, hasTool: true, selectedVendorIds: [tool.id] }] },
  });
  if (!saved.ok()) throw new Error(`saving the tech stack failed: ${saved.status()} ${await saved.text()}`);
  return tool;
}
