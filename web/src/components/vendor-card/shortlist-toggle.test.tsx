import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Shortlist, ShortlistEntry } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { ShortlistToggle } from './shortlist-toggle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry = { vendorId: 12, vendorName: 'Lawmatics', categoryId: 2 } as ShortlistEntry;

/** A server whose shortlist holds Lawmatics once it was PUT, and not after a DELETE. */
function serve() {
  let onList = false;
  const list = (): Shortlist => ({
    groups: onList ? [{ categoryId: 2, categoryName: 'Intake', categoryLabel: 'Intake', stage: 2, compareIds: [], entries: [entry] }] : [],
  });
  const mock = mockFetch({
    'GET /api/shortlist': () => ({ body: list() }),
    'PUT /api/shortlist/12': () => {
      onList = true;
      return { body: entry };
    },
    'DELETE /api/shortlist/12': () => {
      onList = false;
      return { status: 204 };
    },
    'POST /api/shortlist/12/restore': () => {
      onList = true;
      return { body: entry };
    },
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('ShortlistToggle', () => {
  it('adds on the first press, reads "On shortlist" and removes on the second', async () => {
    const { calls } = serve();
    renderWithProviders(<ShortlistToggle vendorId={12} vendorName="Lawmatics" />, { user: testUser('member') });

    const add = await screen.findByRole('button', { name: 'Add to shortlist', pressed: false });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(add);
    const on = await screen.findByRole('button', { name: 'On shortlist', pressed: true });
    await waitFor(() => expect((on as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(on);
    await screen.findByRole('button', { name: 'Add to shortlist', pressed: false });

    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    expect(writes).toEqual(['PUT /api/shortlist/12', 'DELETE /api/shortlist/12']);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({});
  });

  it('offers Undo after a removal, which asks the server to put the kept entry back', async () => {
    const { calls } = serve();
    renderWithProviders(<ShortlistToggle vendorId={12} vendorName="Lawmatics" />, { user: testUser('member') });
    const add = await screen.findByRole('button', { name: 'Add to shortlist' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(add);
    const on = await screen.findByRole('button', { name: 'On shortlist' });
    await waitFor(() => expect((on as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(on);

    expect(await screen.findByText('Lawmatics is off your shortlist')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Lawmatics is back on your shortlist')).toBeTruthy();
    await screen.findByRole('button', { name: 'On shortlist', pressed: true });
    const restore = calls.find((c) => c.url.endsWith('/restore'));
    expect(restore?.method).toBe('POST');
    expect(restore?.body, 'nothing of the entry is sent').toBeUndefined();
  });
});
