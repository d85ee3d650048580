import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { FeedStatus, PullReport } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { CatalogFeedPanel } from './catalog-feed-panel';

afterEach(() => vi.unstubAllGlobals());

const operator = testUser('owner', { isAdmin: true });
const KEY = `ed25519:${'ab12'.repeat(16)}`;
const FEED = '/srv/litstack/catalog-feed.json';
// Noon UTC: the same day wherever the test runs.
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

const nothing: FeedStatus = { schedule: 'never', stale: false, choices: [], servesFeed: false };
const following: FeedStatus = {
  source: FEED,
  publicKey: KEY,
  schedule: 'weekly',
  applied: { feed: 'litstack-main', version: 3, publishedOn: '2026-08-01', expiresOn: '2026-10-30', appliedAt: noon('2026-08-02') },
  stale: true,
  lastAttempt: {
    at: noon('2026-11-20'),
    ok: false,
    message: 'Cannot read /srv/litstack/catalog-feed.json: No such file or directory (os error 2)',
  },
  choices: [],
  servesFeed: true,
};

function serve(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(routes);
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

const form = () => screen.findByRole('form', { name: 'Shared catalog settings' });

describe('CatalogFeedPanel', () => {
  it('explains the feed when nothing is applied, checks the form before asking the server, and saves', async () => {
    const saved: FeedStatus = { ...nothing, source: FEED, publicKey: KEY, schedule: 'daily' };
    const { calls } = serve({ 'GET /api/admin/catalog-feed': { body: nothing }, 'PUT /api/admin/catalog-feed': { body: saved } });
    renderWithProviders(<CatalogFeedPanel />, { path: '/admin/vendors', user: operator });
    const settings = await form();
    expect(screen.getByText(/Another Litstack install \(a hub\) can publish its vendor catalog as a signed file/)).toBeTruthy();
    const pullNow = within(settings).getByRole('button', { name: 'Pull now' }) as HTMLButtonElement;
    expect(pullNow.disabled).toBe(true);
    expect(screen.queryByText(/serves its own signed catalog/)).toBeNull();

    await userEvent.type(within(settings).getByLabelText('Feed source'), 'hub.example.com/feed');
    await userEvent.type(within(settings).getByLabelText('Publisher’s public key'), 'ed25519:1234');
    await userEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(within(settings).getByText(/^Give an address starting with https:\/\//)).toBeTruthy();
    expect(within(settings).getByText(/^The public key is “ed25519:” followed by 64 hexadecimal digits/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // A schedule needs both the source and the key.
    await userEvent.clear(within(settings).getByLabelText('Feed source'));
    await userEvent.clear(within(settings).getByLabelText('Publisher’s public key'));
    await userEvent.selectOptions(within(settings).getByLabelText('Pull automatically'), 'Daily');
    await userEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(within(settings).getByText('Pulling automatically needs the feed’s source')).toBeTruthy();
    expect(within(settings).getByText('Pulling automatically needs the publisher’s public key')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(within(settings).getByLabelText('Feed source'), ` ${FEED} `);
    await userEvent.type(within(settings).getByLabelText('Publisher’s public key'), KEY.toUpperCase().replace('ED25519', 'ed25519'));
    await userEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByText('Saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      source: FEED,
      publicKey: KEY.toUpperCase().replace('ED25519', 'ed25519'),
      schedule: 'daily',
    });
    expect(pullNow.disabled).toBe(false);
  });

  it('shows the server’s refusal of the settings', async () => {
    const refused = 'The public key: it is not a valid Ed25519 key';
    serve({ 'GET /api/admin/catalog-feed': { body: nothing }, 'PUT /api/admin/catalog-feed': { status: 400, body: { error: refused } } });
    renderWithProviders(<CatalogFeedPanel />, { path: '/admin/vendors', user: operator });
    const settings = await form();
    await userEvent.type(within(settings).getByLabelText('Feed source'), 'https://hub.example.com/api/catalog/feed');
    await userEvent.type(within(settings).getByLabelText('Publisher’s public key'), KEY);
    await userEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    expect((await within(settings).findByRole('alert')).textContent).toBe(refused);
  });

  it('says what is applied, that it expired, and why the last pull failed', async () => {
    serve({ 'GET /api/admin/catalog-feed': { body: following } });
    renderWithProviders(<CatalogFeedPanel />, { path: '/admin/vendors', user: operator });
    const settings = await form();
    expect(screen.getByText(/^Following/).textContent).toBe(
      'Following “litstack-main”, version 3, published Aug 1, 2026, applied Aug 2, 2026.',
    );
    expect(screen.getByText(/This catalog expired on Oct 30, 2026:/).parentElement!.textContent).toBe(
      'This catalog expired on Oct 30, 2026: ask its publisher for a newer version.',
    );
    const failed = screen.getByRole('alert');
    expect(failed.textContent).toMatch(/^The last pull, Nov 20, 2026, .+, failed\. Cannot read \/srv\/litstack\/catalog-feed\.json/);
    expect(screen.queryByText(/can publish its vendor catalog/)).toBeNull();
    expect(screen.getByText(/This install serves its own signed catalog at/).textContent).toBe(
      'This install serves its own signed catalog at /api/catalog/feed.',
    );
    expect((within(settings).getByLabelText('Feed source') as HTMLInputElement).value).toBe(FEED);
    expect((within(settings).getByLabelText('Publisher’s public key') as HTMLInputElement).value).toBe(KEY);
    expect((within(settings).getByLabelText('Pull automatically') as HTMLSelectElement).value).toBe('weekly');
    // Once followed, the key the feed named is trusted: a schedule needs no key typed here.
    await userEvent.clear(within(settings).getByLabelText('Publisher’s public key'));
    await userEvent.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(within(settings).queryByText(/needs the publisher’s public key/)).toBeNull();
  });

  it('pulls now: a refusal is said once, with the time, and the vendors are read again', async () => {
    const refusal =
      'The signature of key 76d707ea27e88262 does not match the file: it was changed after it was signed. Nothing was applied.';
    let status: FeedStatus = { ...following, stale: false, lastAttempt: null };
    const { calls } = serve({
      'GET /api/admin/catalog-feed': () => ({ body: status }),
      'POST /api/admin/catalog-feed/pull': () => {
        status = { ...status, lastAttempt: { at: noon('2026-11-25'), ok: false, message: refusal } };
        return { status: 400, body: { error: refusal } };
      },
    });
    const { queryClient } = renderWithProviders(<CatalogFeedPanel />, { path: '/admin/vendors', user: operator });
    queryClient.setQueryData(['vendors', 'admin', { q: '', page: 1 }], { items: [] });
    const settings = await form();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(within(settings).getByRole('button', { name: 'Pull now' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toMatch(/^The last pull, Nov 25, 2026, .+, failed\. The signature of key/);
    expect(calls.filter((c) => c.url === '/api/admin/catalog-feed' && c.method === 'GET')).toHaveLength(2);
    expect(queryClient.getQueryState(['vendors', 'admin', { q: '', page: 1 }])?.isInvalidated).toBe(true);
  });

  it('pulls now: what the pull did is told in a toast and in the last pull', async () => {
    const message = 'Applied version 4 of "litstack-main": 2 vendors added, 5 updated.';
    const report: PullReport = {
      feed: 'litstack-main',
      version: 4,
      added: 2,
      updated: 5,
      keptLocal: 0,
      conflicts: 0,
      madeInactive: 0,
      leftOut: ['Qwzx Co: bookingLink "javascript:alert(1)" is not a web address'],
      stale: false,
      message,
    };
    let status: FeedStatus = { ...following, stale: false, lastAttempt: null };
    serve({
      'GET /api/admin/catalog-feed': () => ({ body: status }),
      'POST /api/admin/catalog-feed/pull': () => {
        status = { ...status, lastAttempt: { at: noon('2026-11-25'), ok: true, message } };
        return { body: report };
      },
    });
    renderWithProviders(<CatalogFeedPanel />, { path: '/admin/vendors', user: operator });
    const settings = await form();
    await userEvent.click(within(settings).getByRole('button', { name: 'Pull now' }));
    expect(await screen.findByText('Catalog pulled')).toBeTruthy();
    const lastPull = await screen.findByText((_, element) => element?.tagName === 'P' && /^Last pull, /.test(element.textContent ?? ''));
    expect(lastPull.textContent).toMatch(
      /^Last pull, Nov 25, 2026, .+: Applied version 4 of "litstack-main": 2 vendors added, 5 updated\.$/,
    );
    expect(within(settings).getByText(/Qwzx Co: bookingLink/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the facts changed on both sides, and keeps the feed’s value when asked', async () => {
    const choice = {
      vendorId: 43,
      vendor: 'EvenUp',
      fact: 'bookingLink',
      local: 'https://www.evenuplaw.com/book-a-demo-with-our-personal-injury-team-today',
      feed: 'https://www.evenuplaw.com/hub-demo',
    };
    const soc2 = { vendorId: 43, vendor: 'EvenUp', fact: 'soc2', local: 'report: Type I', feed: 'report: Type II' };
    let status: FeedStatus = { ...following, stale: false, lastAttempt: null, choices: [choice, soc2] };
    const { calls } = serve({
      'GET /api/admin/catalog-feed': () => ({ body: status }),
      'POST /api/admin/catalog-feed/choices': () => {
        status = { ...status, choices: status.choices.slice(1) };
        return { body: status };
      },
    });
    const { queryClient } = renderWithProviders(<CatalogFeedPanel />, { path: '/admin/vendors', user: operator });
    queryClient.setQueryData(['vendors', 'admin', { q: '', page: 1 }], { items: [] });
    const list = await screen.findByRole('list', { name: 'Changed here and in the feed' });
    expect(screen.getByText(/^2 facts were changed on this install and by the feed’s publisher/)).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('EvenUp');
    expect(items[0]!.textContent).toContain('Booking link');
    expect(within(items[0]!).getByText(choice.local)).toBeTruthy();
    expect(within(items[0]!).getByText(choice.feed)).toBeTruthy();
    expect(items[1]!.textContent).toContain('SOC 2');
    expect(within(items[1]!).getByRole('button', { name: 'Keep ours for EvenUp: SOC 2' })).toBeTruthy();

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Use the feed’s for EvenUp: Booking link' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vendorId: 43, fact: 'bookingLink', keep: 'feed' });
    expect(await screen.findByText('The feed’s value is kept.')).toBeTruthy();
    expect(screen.getByText('EvenUp · Booking link')).toBeTruthy();
    expect(queryClient.getQueryState(['vendors', 'admin', { q: '', page: 1 }])?.isInvalidated).toBe(true);
    expect(screen.queryByText(choice.local)).toBeNull();
    // The focus stays in the list of what is left.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Changed here and in the feed' })));

    await userEvent.click(within(list).getByRole('button', { name: 'Keep ours for EvenUp: SOC 2' }));
    const done = await screen.findByText('Every fact changed here and in the feed has the value you chose.');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ vendorId: 43, fact: 'soc2', keep: 'local' });
    expect(await screen.findByText('The value set here is kept.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(done));
  });

  it('tells the operator when a choice is gone, and shows the choices as they are now', async () => {
    const gone = 'There is no such open choice: it was made already, or a newer feed version replaced it.';
    const choice = { vendorId: 43, vendor: 'EvenUp', fact: 'hipaaBaa', local: 'No', feed: 'Yes' };
    let status: FeedStatus = { ...following, stale: false, lastAttempt: null, choices: [choice] };
    serve({
      'GET /api/admin/catalog-feed': () => ({ body: status }),
      'POST /api/admin/catalog-feed/choices': () => {
        status = { ...status, choices: [] };
        return { status: 404, body: { error: gone } };
      },
    });
    renderWithProviders(<CatalogFeedPanel />, { path: '/admin/vendors', user: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Keep ours for EvenUp: Signs a BAA' }));
    expect(await screen.findByText(gone)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Changed here and in the feed' })).toBeNull());
  });
});
