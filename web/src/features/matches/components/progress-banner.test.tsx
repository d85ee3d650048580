import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Overview } from '@/lib/api/types';
import { renderWithProviders, testUser } from '@/testing/render-app';

import { ProgressBanner } from './progress-banner';

const overview = (over: Partial<Overview>): Overview => ({
  stagesCompleted: 1,
  stagesInProgress: 8,
  totalStages: 9,
  stagesWithTool: 1,
  firmSize: 'E6_20',
  usualStages: null,
  stages: [],
  others: [],
  ...over,
});

describe('ProgressBanner', () => {
  it('counts completed stages only, and says what the firm has and what is in progress', () => {
    renderWithProviders(<ProgressBanner overview={overview({})} onContinue={vi.fn()} />, { user: testUser('member') });
    expect(screen.getByText('1 of 9 stages completed')).toBeTruthy();
    expect(screen.getByText('11%')).toBeTruthy();
    expect(screen.getByText('Your tech stack has tools for 1 stage; 8 stages in progress.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Stages completed' }).getAttribute('aria-valuenow')).toBe('1');
    // Below 5 firms of its size the server sends no usual number, and nothing is said of them.
    expect(screen.queryByText(/firms your size/)).toBeNull();
  });

  it('adds how firms of the same size compare when the server has enough of them', () => {
    renderWithProviders(<ProgressBanner overview={overview({ usualStages: 7 })} onContinue={vi.fn()} />, { user: testUser('member') });
    expect(
      screen.getByText('Your tech stack has tools for 1 stage; 8 stages in progress; firms your size usually have tools for 7 stages.'),
    ).toBeTruthy();
  });

  it('offers no next stage once every stage is completed', () => {
    renderWithProviders(
      <ProgressBanner overview={overview({ stagesCompleted: 9, stagesInProgress: 0, stagesWithTool: 9 })} onContinue={vi.fn()} />,
      {
        user: testUser('member'),
      },
    );
    expect(screen.getByText('100%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to next stage' })).toBeNull();
  });
});
