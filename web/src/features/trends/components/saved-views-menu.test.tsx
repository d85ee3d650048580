import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';

import type { User } from '@/lib/api/types';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { SavedViewsMenu } from './saved-views-menu';

const member = { id: 1, name: 'Ann', email: 'ann@firm.test', firmRole: 'member' } as User;
const viewer = { ...member, firmRole: 'viewer' } as User;

const texas = { id: 4, firmId: 1, name: 'Texas', params: 'state=TX&start=2026-01-01', createdAt: '2026-11-20T10:00:00Z', createdBy: 'Ann' };

function setup(user: User, overrides = {}) {
  const { fetchMock, calls } = mockFetch({
    'GET /api/auth/me': { body: { user } },
    'GET /api/views': { body: { items: [texas] } },
    ...overrides,
  });
  vi.stubGlobal('fetch', fetchMock);
  const rendered = renderWithProviders(<SavedViewsMenu />, { path: '/trends?dma=Austin&page=3', user });
  return { ...rendered, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('SavedViewsMenu', () => {
  test('opens a saved view from the keyboard', async () => {
    const { location, queryClient } = setup(member);
    const user = userEvent.setup();
    await waitFor(() => expect(queryClient.getQueryData(['saved-views'])).toBeTruthy());
    screen.getByRole('button', { name: 'Saved views' }).focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Texas' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe('/trends?state=TX&start=2026-01-01');
  });

  test('saves the filters without the page, and shows the server refusal in the dialog', async () => {
    const { calls } = setup(member, {
      'POST /api/views': { status: 409, body: { error: 'A saved view named "Texas" already exists: choose another name' } },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save this view...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    await user.type(within(dialog).getByLabelText('Name'), 'Texas');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A saved view named "Texas" already exists: choose another name')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Texas', params: 'dma=Austin' });
  });

  test('deletes a view after confirming', async () => {
    const { calls } = setup(member, { 'DELETE /api/views/4': { status: 204 } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Texas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete saved view' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/views/4']);
  });

  test('a viewer opens views but is offered no save or delete', async () => {
    setup(viewer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    expect(await screen.findByRole('menuitem', { name: 'Texas' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Save this view...' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete Texas' })).toBeNull();
  });
});
