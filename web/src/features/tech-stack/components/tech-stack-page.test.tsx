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
    category: { id: 2, name: 'Intake' },
    vendors: [{ id: 100, name: 'Lawmatics', logoUrl: null, websiteUrl: null }],
    adoption: { hasTool: false },
    selectedVendors: [],
    otherVendors: [],
  },
  {
    category: { id: 9, name: 'Staffing' },
    vendors: [{ id: 200, name: 'Staffer', logoUrl: null, websiteUrl: null }],
    adoption: { hasTool: true },
    selectedVendors: [{ vendorId: 200, isPrimary: true }],
    otherVendors: [{ name: 'Temp Agency' }],
  },
];

function setup(user: User) {
  const { fetchMock } = mockFetch({ 'GET /api/profile/category-adoption': { body: { items } } });
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
  });

  it('gives a member the form and its save button', async () => {
    setup(testUser('member'));
    expect(await screen.findByRole('button', { name: 'Save Tech Stack' })).toBeTruthy();
    expect(screen.getAllByRole('radio').length).toBeGreaterThan(0);
    expect(screen.queryByText(VIEW_ONLY_NOTE)).toBeNull();
  });
});
