import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CategoryAdoption, User } from '@/lib/api/types';
import { VIEW_ONLY_NOTE } from '@/lib/auth';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { TechStackPage } from './tech-stack-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const items: CategoryAdoption[] = [
  {
    category: { id: 2, name: 'Intake', label: 'Intake' },
    vendors: [{ id: 100, name: 'Lawmatics', logoUrl: null, websiteUrl: null }],
    adoption: { hasTool: false },
    selectedVendors: [],
    otherVendors: [],
  },
  {
    category: { id: 9, name: 'Staffing', label: 'Staffing' },
    vendors: [{ id: 200, name: 'Staffer', logoUrl: null, websiteUrl: null }],
    adoption: { hasTool: true },
    selectedVendors: [{ vendorId: 200, isPrimary: true }],
    otherVendors: [{ name: 'Temp Agency' }],
  },
];

const contract = {
  toolId: 200,
  toolName: 'Staffer',
  categoryId: 9,
  categoryName: 'Staffing',
  startDate: '2026-01-01',
  termMonths: 12,
  renewalDate: '2027-01-01',
  noticeDays: 30,
  annualCost: 1_200_000,
  seats: 5,
  responsibleUserId: 1,
  responsibleName: 'Ann Doe',
  nextRenewalDate: '2027-01-01',
  optOutDeadline: '2026-12-02',
  daysUntilDeadline: 23,
  noticeBeforeStart: false,
  updatedAt: '2026-11-09T10:00:00Z',
  updatedBy: 'Ann Doe',
};

function setup(user: User) {
  const { fetchMock } = mockFetch({
    'GET /api/profile/category-adoption': { body: { items } },
    'GET /api/renewals': { body: { today: '2026-11-09', items: [contract] } },
    'GET /api/firm/calendar-feed': { body: { active: false, createdAt: null } },
  });
  vi.stubGlobal('fetch', fetchMock);
  return renderWithProviders(<TechStackPage />, { user });
}

describe('TechStackPage for each firm role', () => {
  it('shows a viewer the firm’s tools as text, with no control to change them', async () => {
    setup(testUser('viewer'));
    const staffing = await screen.findByRole('region', { name: 'Staffing' });
    expect(within(staffing).getByText('Staffer')).toBeTruthy();
    expect(within(staffing).getByText('Primary:')).toBeTruthy();
    expect(within(staffing).getByText('Temp Agency')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Intake' })).getByText('No tool')).toBeTruthy();
    expect(screen.getAllByText(VIEW_ONLY_NOTE)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Save Tech Stack' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    // The contract's deadline and its day, without a control to change it.
    expect(await screen.findByText('Notice due in 23 days, by Dec 2, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Contract: Staffer' })).toBeNull();
  });

  it('gives a member the form and its save button', async () => {
    setup(testUser('member'));
    expect(await screen.findByRole('button', { name: 'Save Tech Stack' })).toBeTruthy();
    expect(screen.getAllByRole('radio').length).toBeGreaterThan(0);
    expect(screen.queryByText(VIEW_ONLY_NOTE)).toBeNull();
    const tools = screen.getByRole('list', { name: 'Tools and their contracts' });
    expect(await within(tools).findByText('Notice due in 23 days, by Dec 2, 2026')).toBeTruthy();
    expect(within(tools).getByText('Renews on Jan 1, 2027 · $12,000 a year · Ann Doe')).toBeTruthy();
    expect(within(tools).getByRole('button', { name: 'Contract: Staffer' })).toBeTruthy();
    // The calendar feed is for owners and admins.
    expect(screen.queryByRole('button', { name: 'Create calendar feed' })).toBeNull();
  });

  it('gives an owner the calendar feed', async () => {
    setup(testUser('owner'));
    expect(await screen.findByRole('button', { name: 'Create calendar feed' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Download calendar (.ics)' })).toBeTruthy();
  });
});
