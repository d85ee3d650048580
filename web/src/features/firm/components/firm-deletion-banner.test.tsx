import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { FirmDeletionBanner } from './firm-deletion-banner';

const scheduled = {
  scheduled: true,
  dueAt: '2026-12-24T12:00:00Z',
  scheduledAt: '2026-11-24T12:00:00Z',
  by: 'Pat Doe',
  canSchedule: true,
  blockedBy: null,
};

function serve(deletion: object) {
  const mock = mockFetch({ 'GET /api/firm/deletion': { body: deletion } });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('FirmDeletionBanner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells every member the day, who asked and who can take it back, with the way to the Firm page', async () => {
    serve(scheduled);
    renderWithProviders(<FirmDeletionBanner />, { path: '/matches' });
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('Your firm will be deleted on Dec 24, 2026 (asked by Pat Doe).');
    expect(banner.textContent).toContain('Until then an owner of the firm or the install’s operator can take it back on the Firm page.');
    expect(screen.getByRole('link', { name: 'Firm page' }).getAttribute('href')).toBe('/firm');
  });

  it('stays off the Firm page, which has its own notice', async () => {
    const { calls } = serve(scheduled);
    renderWithProviders(<FirmDeletionBanner />, { path: '/firm' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/firm/deletion')).toBe(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing while no deletion is scheduled', async () => {
    const { calls } = serve({ ...scheduled, scheduled: false, dueAt: null, scheduledAt: null, by: null });
    renderWithProviders(<FirmDeletionBanner />, { path: '/matches' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/firm/deletion')).toBe(true));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
