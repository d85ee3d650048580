import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentToast } from '@/components/ui/use-toast';
import type { StageOverview as CategoryOverview, Overview, PersistedPicks } from '@/lib/api/types';
import type { User } from '@/lib/api/types';
import { VIEW_ONLY_NOTE } from '@/lib/auth';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { GetRecommendationsPage } from './get-recommendations-page';

beforeEach(() => {
  currentToast.value = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const others = ['Practice Management', 'Document Management', 'Marketing Services', 'E-Discovery', 'Financial Management'];
// The nine stage categories as the API names and labels them (data/categories.csv).
const stageCategories: Array<[string, string]> = [
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
const categories = [
  ...stageCategories.map(([name, label], i) => ({ id: i + 1, name, label, stage: (i + 1) as number | null })),
  ...others.map((name, i) => ({ id: 10 + i, name, label: name, stage: null as number | null })),
];
const row = (c: (typeof categories)[number], done: boolean): CategoryOverview => ({
  stage: c.stage,
  categoryId: c.id,
  categoryName: c.name,
  categoryLabel: c.label,
  status: done ? 'completed' : 'not_started',
  reasons: done ? ['tool'] : [],
  picks: done ? 1 : 0,
});
const overview: Overview = {
  stagesCompleted: 0,
  stagesInProgress: 0,
  stagesWithTool: 0,
  totalStages: 9,
  stages: categories.filter((c) => c.stage !== null).map((c) => row(c, false)),
  others: categories.filter((c) => c.stage === null).map((c) => row(c, c.id === 10)),
};
const note = 'Not enough recent data for your firm size; showing popular picks overall.';
const persisted: PersistedPicks = {
  items: [
    {
      categoryId: 10,
      categoryName: 'Practice Management',
      categoryLabel: 'Practice Management',
      stage: null,
      picks: [
        {
          vendorId: 94,
          name: 'Clio Manage',
          logoUrl: null,
          reason: 'Meets your need',
          websiteUrl: null,
          bookingUrl: null,
          priceBracket: 2,
          price: { kind: 'estimate' },
        },
        {
          vendorId: 98,
          name: 'MyCase',
          logoUrl: null,
          reason: 'Works with personal-injury firms',
          tie: 'Fits your firm as well as 1 other vendor here on what we know; equal picks are listed by name',
          websiteUrl: null,
          bookingUrl: null,
          priceBracket: 2,
        },
      ],
      note: null,
      tieNote:
        'These 2 fit your firm equally on what we know, so they are shown as one group, by name; the questionnaire tells them apart.',
      tieGroup: {
        vendors: [
          { vendorId: 98, name: 'MyCase' },
          { vendorId: 99, name: 'PracticePanther' },
        ],
        notKnown: [
          { fact: 'stated price', vendors: 1 },
          { fact: 'SOC 2', vendors: 2 },
        ],
      },
      source: 'questionnaire',
      usedSizeFallback: false,
      stale: false,
    },
  ],
  usedAnySizeFallback: true,
  fallbackNote: note,
  rankedWithoutBookings: false,
  staleNote: null,
  evidence: { source: 'real_bookings', realChangedAt: '2026-11-29T14:00:00Z' },
};

function setup(path: string, user?: User) {
  const { fetchMock } = mockFetch({
    'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
    'GET /api/categories': { body: categories },
    'GET /api/recommendations/overview': { body: overview },
    'GET /api/recommendations/persisted': { body: persisted },
  });
  vi.stubGlobal('fetch', fetchMock);
  return renderWithProviders(<GetRecommendationsPage />, { path, user });
}

describe('GetRecommendationsPage', () => {
  it('shows a category outside the stages under "Across the firm", opened on its picks', async () => {
    setup('/matches?showCategory=Practice%20Management');
    const across = await screen.findByRole('region', { name: 'Across the firm' });
    const panel = await within(across).findByRole('region', { name: 'Practice Management' });
    expect(within(panel).getByRole('article', { name: 'Clio Manage' })).toBeTruthy();
    expect(within(panel).getByText('Meets your need')).toBeTruthy();
    // A pick that ties says so on its card, and the note above the picks says how many tie.
    expect(within(within(panel).getByRole('article', { name: 'Clio Manage' })).queryByText('Tie')).toBeNull();
    // A bracket Litstack estimated says so; one with no provenance given is shown as it is.
    const clio = within(panel).getByRole('article', { name: 'Clio Manage' });
    expect(within(clio).getByRole('img', { name: 'Price: Moderate (2 of 4), Litstack’s estimate' })).toBeTruthy();
    const tied = within(panel).getByRole('article', { name: 'MyCase' });
    expect(within(tied).getByText('Tie')).toBeTruthy();
    expect(within(tied).getByText(/^Fits your firm as well as 1 other vendor here/)).toBeTruthy();
    const note = within(panel).getByRole('note');
    expect(within(note).getByText(/^These 2 fit your firm equally on what we know/)).toBeTruthy();
    // The tie is one group, by name, each linked to its profile, with what is not known of them.
    const group = within(note).getByRole('group', { name: /^These 2 fit your firm equally/ });
    expect(
      within(group)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['MyCase', '/vendors/98'],
      ['PracticePanther', '/vendors/99'],
    ]);
    expect(within(group).getByText('Not known for either:').parentElement?.textContent).toBe('Not known for either: SOC 2');
    expect(within(group).getByText('Not known for some:').parentElement?.textContent).toBe('Not known for some: stated price (1 of 2)');
    for (const name of others) {
      expect(within(across).getByRole('button', { name: new RegExp(`^${name} `) })).toBeTruthy();
    }
    // Outside the progress, which still counts nine stages.
    expect(screen.getByText('0 of 9 stages completed')).toBeTruthy();
    expect(currentToast.value).toBeNull();
  });

  it('names the widest fallback for the whole page', async () => {
    setup('/matches');
    expect((await screen.findByRole('note')).textContent).toBe(note);
  });

  it('opens one stage at a time from the keyboard', async () => {
    setup('/matches');
    const user = userEvent.setup();
    const first = await screen.findByRole('button', { name: /^Lead Generation / });
    const second = screen.getByRole('button', { name: /^Intake / });
    first.focus();
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Lead Generation' })).toBeTruthy();
    // Arrows move between the headers; opening one closes the other.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard(' ');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Lead Generation' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Intake' })).toBeTruthy();
  });

  it('still says "Category not found" for a name no category has', async () => {
    setup('/matches?showCategory=Nope');
    await waitFor(() => expect(currentToast.value?.title).toBe('Category not found'));
    expect(currentToast.value?.description).toBe('Could not find Nope');
  });
});

describe('GetRecommendationsPage for each firm role', () => {
  it('shows a viewer the picks with no Pick For Me, Clear picks, Get Recommendation, Dismiss or Schedule Meeting', async () => {
    setup('/matches?showCategory=Practice%20Management', testUser('viewer'));
    const across = await screen.findByRole('region', { name: 'Across the firm' });
    const panel = await within(across).findByRole('region', { name: 'Practice Management' });
    expect(within(panel).getByRole('article', { name: 'Clio Manage' })).toBeTruthy();
    expect(screen.getAllByText(VIEW_ONLY_NOTE)).toHaveLength(1);
    for (const name of [
      'Pick For Me',
      'Clear picks',
      'Get Recommendation',
      'Dismiss Clio Manage',
      'Schedule Meeting',
      'Add to shortlist',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('opens no questionnaire for a viewer', async () => {
    setup('/matches?categoryId=1', testUser('viewer'));
    await screen.findByRole('region', { name: 'Stages of a case' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives a member every action and no view-only note', async () => {
    setup('/matches?showCategory=Practice%20Management', testUser('member'));
    const across = await screen.findByRole('region', { name: 'Across the firm' });
    const panel = await within(across).findByRole('region', { name: 'Practice Management' });
    expect(within(panel).getByRole('button', { name: 'Get Recommendation' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Dismiss Clio Manage' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pick For Me' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear picks' })).toBeTruthy();
    expect(screen.queryByText(VIEW_ONLY_NOTE)).toBeNull();
  });
});

describe('Pick For Me and the questionnaire picks', () => {
  async function setupWithPickForMe() {
    const mock = mockFetch({
      'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
      'GET /api/categories': { body: categories },
      'GET /api/recommendations/overview': { body: overview },
      'GET /api/recommendations/persisted': { body: persisted },
      'POST /api/recommendations/pick-for-me': { body: persisted },
    });
    vi.stubGlobal('fetch', mock.fetchMock);
    renderWithProviders(<GetRecommendationsPage />, { path: '/matches', user: testUser('member') });
    // The saved picks have loaded (their page note shows).
    await screen.findByRole('note');
    return mock;
  }

  it('waits for the saved picks before it can be pressed, so a quick press still asks', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
        'GET /api/categories': { body: categories },
        'GET /api/recommendations/overview': { body: overview },
        'GET /api/recommendations/persisted': { body: persisted },
      }).fetchMock,
    );
    renderWithProviders(<GetRecommendationsPage />, { path: '/matches', user: testUser('member') });
    const button = screen.getByRole('button', { name: 'Pick For Me' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await screen.findByRole('note');
    expect(button.disabled).toBe(false);
  });

  it('asks before replacing them, and keeping them sends no replace', async () => {
    const { calls } = await setupWithPickForMe();
    fireEvent.click(await screen.findByRole('button', { name: 'Pick For Me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the picks from your Practice Management questionnaire?' });
    expect(within(dialog).getByText('Clio Manage', { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/recommendations/pick-for-me']));
  });

  it('replaces them only when told to', async () => {
    const { calls } = await setupWithPickForMe();
    fireEvent.click(await screen.findByRole('button', { name: 'Pick For Me' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Replace them' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        '/api/recommendations/pick-for-me?replace=questionnaire',
      ]),
    );
  });
});

describe('Picks made before the data', () => {
  const staleNote =
    'These picks were made before the latest demo bookings were imported (November 29, 2026). Run Pick For Me to refresh them.';
  const stalePicks: PersistedPicks = {
    ...persisted,
    items: persisted.items.map((item) => ({
      ...item,
      source: 'pick_for_me',
      stale: true,
      note: 'Made before the latest demo bookings were imported (November 29, 2026), so these picks do not use them yet. Pick For Me refreshes them.',
    })),
    fallbackNote: null,
    staleNote,
  };
  const refreshed: PersistedPicks = {
    ...persisted,
    fallbackNote: null,
    items: persisted.items.map((item) => ({ ...item, source: 'pick_for_me' })),
  };

  it('says so and offers a refresh; after it the note is gone and the toast says the data changed', async () => {
    let picked = false;
    const mock = mockFetch({
      'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
      'GET /api/categories': { body: categories },
      'GET /api/recommendations/overview': { body: overview },
      'GET /api/recommendations/persisted': () => ({ body: picked ? refreshed : stalePicks }),
      'POST /api/recommendations/pick-for-me': () => {
        picked = true;
        return { body: { ...refreshed, evidenceChanged: true } };
      },
    });
    vi.stubGlobal('fetch', mock.fetchMock);
    renderWithProviders(<GetRecommendationsPage />, { path: '/matches', user: testUser('member') });
    const note = (await screen.findByText(staleNote)).closest('[role="note"]') as HTMLElement;
    fireEvent.click(within(note).getByRole('button', { name: 'Refresh picks' }));
    await waitFor(() =>
      expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/recommendations/pick-for-me']),
    );
    await waitFor(() => expect(currentToast.value?.title).toBe('Recommendations refreshed with latest data!'));
    await waitFor(() => expect(screen.queryByText(staleNote)).toBeNull());
  });

  it('offers a viewer no refresh', async () => {
    const mock = mockFetch({
      'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
      'GET /api/categories': { body: categories },
      'GET /api/recommendations/overview': { body: overview },
      'GET /api/recommendations/persisted': { body: stalePicks },
    });
    vi.stubGlobal('fetch', mock.fetchMock);
    renderWithProviders(<GetRecommendationsPage />, { path: '/matches', user: testUser('viewer') });
    expect(await screen.findByText(staleNote)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh picks' })).toBeNull();
  });
});

describe('Clear picks', () => {
  it('asks with the real count, sends nothing until confirmed, and offers Undo', async () => {
    let cleared = false;
    const mock = mockFetch({
      'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
      'GET /api/categories': { body: categories },
      'GET /api/recommendations/overview': { body: overview },
      'GET /api/recommendations/persisted': () => ({ body: cleared ? { ...persisted, items: [] } : persisted }),
      'DELETE /api/recommendations/persisted': () => {
        cleared = true;
        return { status: 204 };
      },
      'POST /api/recommendations/persisted/restore': () => {
        cleared = false;
        return {
          body: {
            restored: [{ categoryId: 10, categoryName: 'Practice Management', categoryLabel: 'Practice Management' }],
            keptNewer: [],
          },
        };
      },
    });
    vi.stubGlobal('fetch', mock.fetchMock);
    renderWithProviders(<GetRecommendationsPage />, { path: '/matches', user: testUser('member') });
    await screen.findByRole('note');
    const writes = () => mock.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Clear picks' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear the picks in 1 category?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear picks' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear the picks in 1 category?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear picks' }));
    await waitFor(() => expect(currentToast.value?.title).toBe('Recommendations cleared'));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(currentToast.value?.title).toBe('Picks restored in 1 category'));
    expect(writes()).toEqual(['DELETE /api/recommendations/persisted', 'POST /api/recommendations/persisted/restore']);
    expect(await screen.findByRole('button', { name: 'Clear picks' })).toBeTruthy();
  });
});
