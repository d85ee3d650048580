import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { SessionsSection } from './sessions-section';

afterEach(() => vi.unstubAllGlobals());

describe('SessionsSection', () => {
  it('reads "Chrome on Linux (This device)" as text, not the two run together', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/auth/sessions': {
        body: [
          {
            id: 1,
            device: 'Chrome on Linux',
            address: null,
            startedAt: '2026-11-24T09:00:00Z',
            lastSeen: '2026-11-29T09:00:00Z',
            current: true,
          },
        ],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SessionsSection />, { user: testUser('member') });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(list.querySelector('p')?.textContent).toBe('Chrome on Linux (This device)');
  });
});
