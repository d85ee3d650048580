import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { NotificationBell, bellLabel } from './notification-bell';

afterEach(() => vi.unstubAllGlobals());

const notice = (body: string, read: boolean) => ({
  unread: read ? 0 : 1,
  items: [
    {
      id: 1,
      kind: 'vendorProposal',
      title: 'Nolo proposed changes to its listing',
      body,
      link: '/admin/vendors?proposal=1#vendor-proposals',
      createdAt: '2026-11-29T10:00:00Z',
      read,
    },
  ],
});

describe('the bell', () => {
  it('names the unread count in its accessible name', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(1200)).toBe('Notifications, 1,200 unread');
  });

  it('reads the notices afresh when opened, so a subject decided since the last poll shows how it ended', async () => {
    let calls = 0;
    const { fetchMock } = mockFetch({
      'GET /api/notifications': () => {
        calls += 1;
        return {
          body:
            calls === 1
              ? notice('Approve or reject it under Manage Vendors.', false)
              : notice('Ann approved this proposal on 2026-11-29.', true),
        };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<NotificationBell />, { user: testUser('owner') });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await screen.findByText('Ann approved this proposal on 2026-11-29.');
    expect(screen.queryByText('Approve or reject it under Manage Vendors.')).toBeNull();
  });
});
