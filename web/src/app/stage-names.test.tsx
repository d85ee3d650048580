import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stageCard } from '@/features/matches/components/stages';
import { DismissedCard } from '@/features/past/components/dismissed-card';
import { groupTitle } from '@/features/shortlist/components/format';
import { CoverageMap } from '@/features/tech-stack/components/coverage-map';
import { CategoryBarChart } from '@/features/trends/components/category-bar-chart';
import { CategoryChips } from '@/features/vendors/components/category-chips';
import type { Coverage } from '@/lib/api/types';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

// One name per category: each screen that names a category shows the label the API gives it (the
// spec's stage title for the nine stages), never a name of its own making. The categories below
// are named and labelled as data/categories.csv ships them; each screen is read as a person reads
// it, and fails the test when it shows a category's name where its label belongs.

afterEach(() => vi.unstubAllGlobals());

const shipped: Array<[string, string]> = [
  ['Lead Generation', 'Lead Generation'],
  ['Intake', 'Intake'],
  ['Document Drafting', 'Case Setup & Document Drafting'],
  ['Medical Record Retrieval', 'Medical Record Retrieval'],
  ['Demands & Medical Review', 'Demands & Medical Review'],
  ['Depositions & Court Reporting', 'Depositions & Court Reporting'],
  ['Trial Support', 'Trial Prep & Presentation'],
  ['Financial Services', 'Post-Settlement / Payments'],
  ['Staffing', 'Staffing'],
];
const categories = shipped.map(([name, label], i) => ({ id: i + 1, name, label, stage: i + 1 }));
const titles = categories.map((c) => c.label);

describe('one label per category', () => {
  it('the accordion titles each stage with its label and keeps the spec’s blurb', () => {
    const cards = categories.map((c) => stageCard({ stage: c.stage, categoryName: c.name, categoryLabel: c.label }));
    expect(cards.map((card) => card.title)).toEqual(titles);
    expect(cards[6]).toMatchObject({ number: 7, title: 'Trial Prep & Presentation', blurb: 'Exhibits and trial boards.' });
    // A category outside the stages is a card of "Across the firm" under its label.
    expect(stageCard({ stage: null, categoryName: 'Practice Management', categoryLabel: 'Practice Management' })).toMatchObject({
      number: null,
      title: 'Practice Management',
    });
  });

  it('Vendor Trends labels its category bars with the stage names', () => {
    render(
      <CategoryBarChart categories={categories.map((c, i) => ({ name: c.name, label: c.label, count: 100 - i }))} onSelect={() => {}} />,
    );
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
      expect(groupTitle({ stage: c.stage, categoryLabel: c.label })).toBe(`Stage ${c.stage}: ${c.label}`);
    }
    expect(groupTitle({ stage: null, categoryLabel: 'Practice Management' })).toBe('Practice Management');
  });

  it('the tech stack’s coverage map lists the stages by their names', async () => {
    const coverage: Coverage = {
      firmSize: null,
      sizeSource: 'unknown',
      peerFirms: null,
      headline: { stagesCovered: 0, stagesUnanswered: 9, stageCount: 9, usualStages: null },
      stages: categories.map((c) => ({
        categoryId: c.id,
        categoryName: c.name,
        categoryLabel: c.label,
        stage: c.stage,
        hasTool: false,
        peerShare: null,
      })),
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

  it('a dismissed vendor on /past names its category by its label', () => {
    renderWithProviders(
      <DismissedCard
        item={{
          categoryId: 7,
          categoryName: 'Trial Support',
          categoryLabel: 'Trial Prep & Presentation',
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
