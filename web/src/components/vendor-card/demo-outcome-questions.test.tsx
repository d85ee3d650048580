import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Shortlist, ShortlistEntry } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { DemoOutcomeQuestions } from './demo-outcome-questions';

afterEach(() => {
  vi.unstubAllGlobals();
});

const held = {
  vendorId: 12,
  vendorName: 'Lawmatics',
  categoryId: 2,
  status: 'Demo held',
  asks: { demoBooked: false, demoHappened: false, chosen: true, satisfaction: false },
} as ShortlistEntry;

/** A firm that held a demo of Lawmatics and already uses Lead Docket (11) and "Zapier" for intake. */
function serve() {
  let entry = held;
  const list = (): Shortlist => ({
    groups: [{ categoryId: 2, categoryName: 'Intake', categoryLabel: 'Intake', stage: 2, compareIds: [], entries: [entry] }],
  });
  const mock = mockFetch({
    'GET /api/shortlist': () => ({ body: list() }),
    'PUT /api/shortlist/12/outcome': () => {
      entry = { ...held, status: 'Chosen', asks: { demoBooked: false, demoHappened: false, chosen: false, satisfaction: false } };
      return { body: entry };
    },
    'GET /api/profile/category-adoption': {
      body: {
        items: [
          {
            category: { id: 2, name: 'Intake' },
            adoption: { hasTool: true },
            selectedVendors: [{ vendorId: 11, name: 'Lead Docket', isPrimary: true }],
            otherVendors: [{ name: 'Zapier' }],
          },
        ],
      },
    },
    'POST /api/profile/category-adoption': { body: { items: [] } },
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('DemoOutcomeQuestions', () => {
  it('after "Did you choose it?" Yes offers the tech stack, adding the vendor as the main tool beside the others', async () => {
    const { calls } = serve();
    renderWithProviders(<DemoOutcomeQuestions vendorId={12} />, { user: testUser('member') });
    const user = userEvent.setup();
    await screen.findByText('Did you choose it?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Add to tech stack' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      items: [{ categoryId: 2, hasTool: true, selectedVendorIds: [12, 11], primaryVendorId: 12, otherVendors: ['Zapier'] }],
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to tech stack' })).toBeNull());
  });

  it('"Not now" leaves the tech stack alone', async () => {
    const { calls } = serve();
    renderWithProviders(<DemoOutcomeQuestions vendorId={12} />, { user: testUser('member') });
    const user = userEvent.setup();
    await screen.findByText('Did you choose it?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(/Add Lawmatics to your tech stack/)).toBeNull();
    expect(calls.filter((c) => c.url.includes('category-adoption'))).toEqual([]);
  });
});

describe('after a Schedule Meeting click', () => {
  const opened = (shownStatus: string, status: ShortlistEntry['status']) =>
    ({
      vendorId: 12,
      vendorName: 'Lawmatics',
      categoryId: 2,
      status,
      shownStatus,
      schedulerOpenedOn: '2026-11-20',
      asks: { demoBooked: true, demoHappened: false, chosen: false, satisfaction: false },
    }) as ShortlistEntry;

  function serveEntry(entry: ShortlistEntry) {
    const mock = mockFetch({
      'GET /api/shortlist': {
        body: { groups: [{ categoryId: 2, categoryName: 'Intake', categoryLabel: 'Intake', stage: 2, compareIds: [], entries: [entry] }] },
      },
      'PUT /api/shortlist/12': { body: { ...entry, asks: { ...entry.asks, demoBooked: false } } },
    });
    vi.stubGlobal('fetch', mock.fetchMock);
    return mock;
  }

  it('asks whether a demo was booked; Yes sends Demo booked with the day', async () => {
    const { calls } = serveEntry(opened('Considering', 'Considering'));
    renderWithProviders(<DemoOutcomeQuestions vendorId={12} />, { user: testUser('member') });
    const user = userEvent.setup();
    await screen.findByText("You opened Lawmatics's scheduler on Nov 20, 2026. Did you book a demo?");
    // Nothing to take back on an entry the person added: no "No".
    expect(screen.queryByRole('button', { name: 'No' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const day = screen.getByLabelText('Day of the demo');
    await user.clear(day);
    await user.type(day, '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Save: demo booked' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'Demo booked', demoDate: '2026-12-01' }));
  });

  it('on an entry a click once marked Demo booked, No sets it back to Considering', async () => {
    const { calls } = serveEntry(opened('Scheduler opened', 'Demo booked'));
    renderWithProviders(<DemoOutcomeQuestions vendorId={12} />, { user: testUser('member') });
    const user = userEvent.setup();
    await screen.findByText(/Did you book a demo\?$/);
    expect(screen.queryByText('Did the demo happen?')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'Considering' }));
  });

  it('is not asked of a viewer', async () => {
    serveEntry(opened('Considering', 'Considering'));
    renderWithProviders(<DemoOutcomeQuestions vendorId={12} />, { user: testUser('viewer') });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Did you book a demo/)).toBeNull();
  });
});
