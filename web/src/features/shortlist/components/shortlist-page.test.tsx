import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Shortlist, ShortlistEntry, User } from '@/lib/api/types';
import { VIEW_ONLY_NOTE } from '@/lib/auth';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { ShortlistPage } from './shortlist-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry: ShortlistEntry = {
  vendorId: 12,
  vendorName: 'Lawmatics',
  categoryId: 2,
  description: 'Intake and CRM.',
  status: 'Demo booked',
  shownStatus: 'Demo booked',
  note: 'Ask about the Clio sync',
  history: [{ status: 'Considering', at: '2026-11-01T10:00:00Z' }],
  // A demo was booked: a member is asked whether it happened.
  asks: { demoBooked: false, demoHappened: true, chosen: false, satisfaction: false },
  outcome: {},
  priceBracket: 2,
  facts: { price: { kind: 'estimate' }, security: {} },
};
const list: Shortlist = {
  groups: [{ categoryId: 2, categoryName: 'Intake', categoryLabel: 'Intake', stage: 2, compareIds: [], entries: [entry] }],
};

function setup(user: User, shown: Shortlist = list) {
  const { fetchMock } = mockFetch({ 'GET /api/shortlist': { body: shown } });
  vi.stubGlobal('fetch', fetchMock);
  return renderWithProviders(<ShortlistPage />, { user });
}

describe('ShortlistPage for each firm role', () => {
  it('shows a viewer the status and note as text, with no control to change them', async () => {
    setup(testUser('viewer'));
    const card = await screen.findByRole('article', { name: 'Lawmatics' });
    expect(within(card).getByText('Demo booked')).toBeTruthy();
    expect(within(card).getByText('Ask about the Clio sync')).toBeTruthy();
    expect(screen.getAllByText(VIEW_ONLY_NOTE)).toHaveLength(1);
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Remove from shortlist' })).toBeNull();
    expect(within(card).queryByText('Did the demo happen?')).toBeNull();
    // Reading stays: the brief and its CSV.
    expect(screen.getByRole('link', { name: 'Export brief' })).toBeTruthy();
  });

  it('gives a member the status, the note, the outcome question and Remove', async () => {
    setup(testUser('member'));
    const card = await screen.findByRole('article', { name: 'Lawmatics' });
    expect(within(card).getByLabelText('Status of Lawmatics')).toBeTruthy();
    expect(within(card).getByLabelText('Note on Lawmatics')).toBeTruthy();
    expect(within(card).getByText('Did the demo happen?')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Remove from shortlist' })).toBeTruthy();
    expect(screen.queryByText(VIEW_ONLY_NOTE)).toBeNull();
  });
});

describe('ShortlistPage and an entry a click once marked Demo booked', () => {
  const byClick: ShortlistEntry = {
    ...entry,
    shownStatus: 'Scheduler opened',
    schedulerOpenedOn: '2026-11-01',
    history: [{ status: 'Demo booked', at: '2026-11-01T10:00:00Z', by: 'Ann Doe' }],
    asks: { demoBooked: true, demoHappened: false, chosen: false, satisfaction: false },
  };
  const shown: Shortlist = { groups: [{ ...list.groups[0]!, entries: [byClick] }] };

  it('shows it as Scheduler opened, keeps its history and asks whether a demo was booked', async () => {
    setup(testUser('member'), shown);
    const card = await screen.findByRole('article', { name: 'Lawmatics' });
    expect((within(card).getByLabelText('Status of Lawmatics') as HTMLSelectElement).value).toBe('Scheduler opened');
    expect(within(card).getByText("You opened Lawmatics's scheduler on Nov 1, 2026. Did you book a demo?")).toBeTruthy();
    expect(within(card).queryByText('Did the demo happen?')).toBeNull();
    // The stored change is shown as it was, with what it is read as.
    expect(within(card).getByText(/^Demo booked \(Scheduler opened\)/)).toBeTruthy();
  });

  it('reads Scheduler opened to a viewer', async () => {
    setup(testUser('viewer'), shown);
    const card = await screen.findByRole('article', { name: 'Lawmatics' });
    expect(within(card).getByText('Scheduler opened')).toBeTruthy();
  });
});

describe('ShortlistPage and what was recommended', () => {
  it('keeps the reasons the vendor was added with and shows a later ranking beside them as Now', async () => {
    const recommended = {
      ...entry,
      recommendation: {
        reasons: ['Meets both of your needs'],
        needsMet: ['Phone calls', 'Often; we need bilingual intake'],
        recommendedAt: '2026-11-01T10:00:00Z',
      },
      now: { reasons: ['Works with Clio, which your firm uses'], needsMet: [], recommendedAt: '2026-11-20T10:00:00Z' },
    };
    const { fetchMock } = mockFetch({
      'GET /api/shortlist': { body: { groups: [{ ...list.groups[0]!, entries: [recommended] }] } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ShortlistPage />, { user: testUser('member') });
    const card = await screen.findByRole('article', { name: 'Lawmatics' });
    expect(within(card).getByText('Why recommended (Nov 1, 2026):')).toBeTruthy();
    expect(within(card).getByText('Meets both of your needs')).toBeTruthy();
    // One item an answer: the semicolon does not split it.
    const needs = within(card).getByRole('list', { name: 'Needs met:' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Phone calls', 'Often; we need bilingual intake']);
    expect(within(card).getByText('Now (Nov 20, 2026):')).toBeTruthy();
    expect(within(card).getByText('Works with Clio, which your firm uses')).toBeTruthy();
  });
});

describe('ShortlistPage Remove', () => {
  it('asks first, naming the vendor, and the toast after it offers Undo', async () => {
    let onList = true;
    const { fetchMock, calls } = mockFetch({
      'GET /api/shortlist': () => ({ body: onList ? list : { groups: [] } }),
      'DELETE /api/shortlist/12': () => {
        onList = false;
        return { status: 204 };
      },
      'POST /api/shortlist/12/restore': () => {
        onList = true;
        return { body: entry };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ShortlistPage />, { user: testUser('member') });
    const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    const card = await screen.findByRole('article', { name: 'Lawmatics' });

    fireEvent.click(within(card).getByRole('button', { name: 'Remove from shortlist' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Lawmatics from the shortlist?' });
    expect(within(dialog).getByText(/note, status history of 1 change and/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove from shortlist' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Lawmatics from the shortlist?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Lawmatics is off your shortlist')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lawmatics' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Lawmatics is back on your shortlist')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Lawmatics' })).toBeTruthy();
    expect(writes()).toEqual(['DELETE /api/shortlist/12', 'POST /api/shortlist/12/restore']);
  });
});

describe('ShortlistPage and where a card’s facts come from', () => {
  it('shows the price once as Litstack’s estimate, and the booking link and security facts with their pages', async () => {
    const withFacts: ShortlistEntry = {
      ...entry,
      verifiedOn: '2026-11-22',
      sourceUrl: 'https://www.lawmatics.com/',
      facts: {
        price: { kind: 'estimate' },
        bookingLink: { kind: 'page', url: 'https://www.lawmatics.com/demo', checkedOn: '2026-11-25' },
        security: {
          hipaaBaa: { value: true, provenance: { kind: 'page', url: 'javascript:alert(1)', checkedOn: '2026-11-25' } },
          sso: { value: { offered: true, protocols: ['SAML'] }, provenance: { kind: 'administrator', on: '2026-11-25' } },
        },
      },
    };
    setup(testUser('member'), { groups: [{ ...list.groups[0]!, entries: [withFacts] }] });
    const card = await screen.findByRole('article', { name: 'Lawmatics' });
    expect(within(card).getAllByRole('img', { name: /^Price: / })).toHaveLength(1);
    expect(within(card).getByText('Litstack’s estimate')).toBeTruthy();
    expect(within(card).getByText('Checked on lawmatics.com, Nov 2026')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Source of the booking link' }).getAttribute('href')).toBe(
      'https://www.lawmatics.com/demo',
    );
    expect(within(card).getByText('Signs a BAA')).toBeTruthy();
    expect(within(card).getByText('Single sign-on (SAML)')).toBeTruthy();
    expect(within(card).getByText('Added by your administrator on Nov 25, 2026')).toBeTruthy();
    // The blanket claim is gone, and a javascript: page is no link.
    expect(within(card).queryByText(/^Verified /)).toBeNull();
    for (const link of within(card).getAllByRole('link')) expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
  });
});
