import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { DecisionView } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { TechStackQuestion } from './tech-stack-question';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const decision = (outcome: string) =>
  ({
    id: 7,
    vendorId: 42,
    vendorName: 'Smith.ai',
    techStack: { outcome, needsConfirmation: false, current: null },
  }) as unknown as DecisionView;

describe('TechStackQuestion', () => {
  it('leads a member from a final decision to its contract, opened on /tech-stack', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    renderWithProviders(<TechStackQuestion decision={decision('added')} />, { user: testUser('member') });
    await screen.findByText(/Smith.ai is now the category's tool in your tech stack. Keep its contract there/);
    expect(screen.getByRole('link', { name: 'Add its contract' }).getAttribute('href')).toBe('/tech-stack?contract=42#renewals-heading');
  });

  it('offers a viewer no link it could not follow to a save', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    renderWithProviders(<TechStackQuestion decision={decision('alreadyThere')} />, { user: testUser('viewer') });
    await screen.findByText('Smith.ai was in your tech stack already.');
    expect(screen.queryByRole('link', { name: 'Add its contract' })).toBeNull();
  });

  it('says nothing while the decision is not final', () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    const { container } = renderWithProviders(<TechStackQuestion decision={decision('pending')} />, { user: testUser('owner') });
    expect(container.textContent).toBe('');
  });
});
