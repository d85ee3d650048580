import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Coverage } from '@/lib/api/types';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { CoverageMap } from './coverage-map';

afterEach(() => vi.unstubAllGlobals());

const coverage: Coverage = {
  firmSize: null,
  sizeSource: 'unknown',
  peerFirms: null,
  headline: { stagesCovered: 1, stagesUnanswered: 1, stageCount: 2, usualStages: null },
  stages: [
    { categoryId: 1, categoryName: 'Lead Generation', categoryLabel: 'Lead Generation', stage: 1, hasTool: true, peerShare: null },
    { categoryId: 2, categoryName: 'Intake', categoryLabel: 'Intake', stage: 2, hasTool: null, peerShare: null },
  ],
  others: [
    {
      categoryId: 10,
      categoryName: 'Practice Management',
      categoryLabel: 'Practice Management',
      stage: null,
      hasTool: false,
      peerShare: null,
    },
  ],
};

function serve(answer: { status?: number; body?: unknown }) {
  const { fetchMock } = mockFetch({ 'GET /api/profile/coverage': answer });
  vi.stubGlobal('fetch', fetchMock);
}

describe('the coverage map', () => {
  it('says the firm size is unknown, links to Profile and shows no peer figure', async () => {
    serve({ body: coverage });
    renderWithProviders(<CoverageMap />);
    const map = screen.getByRole('region', { name: 'Your coverage' });
    await within(map).findByText('Your tech stack covers 1 of 2 stages');
    within(map).getByText('1 stage is not answered yet.');
    expect(within(map).getByRole('link', { name: 'Set your firm size in Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(map).queryByText(/Firms your size/)).toBeNull();
    expect(within(map).queryByRole('link', { name: /lead generation/ })).toBeNull();
    expect(within(map).getByRole('link', { name: 'Find an intake tool' }).getAttribute('href')).toBe('/matches?categoryId=2');
    expect(within(map).getByRole('link', { name: 'Find a practice management tool' }).getAttribute('href')).toBe('/matches?categoryId=10');
  });

  it('says when it cannot load', async () => {
    serve({ status: 500, body: { error: 'Something went wrong' } });
    renderWithProviders(<CoverageMap />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load your coverage map.');
  });
});
