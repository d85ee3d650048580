import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stages as accordion } from '@/features/matches/components/stages';
import { DismissedCard } from '@/features/past/components/dismissed-card';
import { groupTitle } from '@/features/shortlist/components/format';
import { CoverageMap } from '@/features/tech-stack/components/coverage-map';
import { CategoryBarChart } from '@/features/trends/components/category-bar-chart';
import { CategoryChips } from '@/features/vendors/components/category-chips';
import type { Coverage } from '@/lib/api/types';
import { categoryLabel } from '@/lib/stages';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

// One name per stage: each screen that names a stage's category shows the accordion's title for
// it. The names come from the accordion on /matches; each screen below is read as a person reads
// it, and fails the test when it spells a stage another way.

afterEach(() => vi.unstubAllGlobals());

const titles = accordion.filter((s) => s.number !== null).map((s) => s.title);
const categories = accordion.filter((s) => s.number !== null).map((s, i) => ({ id: i + 1, name: s.categoryName, stage: s.number }));

describe('one name per stage', () => {
  it('the accordion has the nine stages, and the label of each stage category is its title', () => {
    expect(titles).toEqual([
      'Lead Generation',
      'Intake',
      'Case Setup & Document Drafting',
      'Medical Record Retrieval',
      'Demands & Medical Review',
      'Depositions & Court Reporting',
      'Trial Prep & Presentation',
      'Post-Settlement / Payments',
      'Staffing',
    ]);
    expect(categories.map((c) => categoryLabel(c.name))).toEqual(titles);
    // A category outside the stages keeps its own name.
    expect(categoryLabel('Practice Management')).toBe('Practice Management');
  });

  it('Vendor Trends labels its category bars with the stage names', () => {
    render(<CategoryBarChart categories={categories.map((c, i) => ({ name: c.name, count: 100 - i }))} onSelect={() => {}} />);
    const bars = within(screen.getByRole('list', { name: 'Bookings per category' })).getAllByRole('button');
    const shown = bars.map((bar) => bar.textContent?.replace(/^[\d,]+\s*/, '').replace(/\s*bookings$/, ''));
    expect(shown).toEqual(titles.slice(0, shown.length));
  });

  it('the vendor filter names its category chips with the stage names', () => {
    render(<CategoryChips categories={categories} selected={[]} onChange={() => {}} />);
    for (const title of titles) expect(screen.getByRole('button', { name: title })).toBeTruthy();
  });

  it('the shortlist and the brief title each stage with its name', () => {
    for (const c of categories) {
      expect(groupTitle({ stage: c.stage, categoryName: c.name })).toBe(`Stage ${c.stage}: ${categoryLabel(c.name)}`);
    }
    expect(groupTitle({ stage: 7, categoryName: 'Trial Support' })).toBe('Stage 7: Trial Prep & Presentation');
  });

  it('the tech stack’s coverage map lists the stages by their names', async () => {
    const coverage: Coverage = {
      firmSize: null,
      sizeSource: 'unknown',
      peerFirms: null,
      headline: { stagesCovered: 0, stagesUnanswered: 9, stageCount: 9, usualStages: null },
      stages: categories.map((c) => ({ categoryId: c.id, categoryName: c.name, stage: c.stage, hasTool: false, peerShare: null })),
      others: [],
    };
    const { fetchMock } = mockFetch({ 'GET /api/profile/coverage': { body: coverage } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CoverageMap />);
    const map = screen.getByRole('region', { name: 'Your coverage' });
    await within(map).findByText('Your tech stack covers 0 of 9 stages');
    const items = within(map).getAllByRole('listitem');
    const names = items.map((item) => item.querySelector('p')?.textContent?.replace(/^\d+\.\s*/, ''));
    expect(names).toEqual(titles);
  });

  it('a dismissed vendor on /past names its stage by the stage’s name', () => {
    renderWithProviders(
      <DismissedCard
        item={{
          categoryId: 7,
          categoryName: 'Trial Support',
          dismissedAt: '2026-11-22T12:00:00Z',
          reason: 'other',
          reasonLabel: 'Other: too early',
          vendorId: 1,
          vendorName: 'Example Vendor',
        }}
      />,
    );
    expect(screen.getByText('Trial Prep & Presentation')).toBeTruthy();
    expect(screen.queryByText('Trial Support')).toBeNull();
  });
});
