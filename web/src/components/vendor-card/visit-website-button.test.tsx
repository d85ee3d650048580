import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentToast } from '@/components/ui/use-toast';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { VisitWebsiteButton } from './visit-website-button';

beforeEach(() => {
  currentToast.value = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Found by role and name; the style (indigo primary or white secondary) only the classes carry here.
const looksPrimary = (el: HTMLElement) => el.className.includes('bg-indigo-600');
const looksSecondary = (el: HTMLElement) => el.className.includes('border-slate-300') && !looksPrimary(el);

function serve() {
  const mock = mockFetch({
    'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
    'POST /api/meeting-clicks': {
      status: 201,
      body: { id: 1, vendorId: 9, sourcePage: 'BROWSE', kind: 'WEBSITE', bookingUrl: null, recordedAt: '' },
    },
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

const avvo = { vendorId: 9, vendorName: 'Avvo', websiteUrl: 'https://www.avvo.com/', sourcePage: 'BROWSE' } as const;

/** Clicks the link without leaving the test page (a person's click opens a new tab). */
async function clickLink(link: HTMLElement) {
  link.addEventListener('click', (e) => e.preventDefault());
  await userEvent.click(link);
}

describe('VisitWebsiteButton', () => {
  it('with a booking link: the secondary action beside Schedule Meeting', () => {
    serve();
    renderWithProviders(<VisitWebsiteButton {...avvo} bookingUrl="https://www.avvo.com/book" />, { user: testUser('member') });
    const link = screen.getByRole('link', { name: 'Visit Website' });
    expect(looksSecondary(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('https://www.avvo.com/?utm_source=litstack');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('without a booking link: the main action, recorded as a website click with a toast saying what opened', async () => {
    const { calls } = serve();
    renderWithProviders(<VisitWebsiteButton {...avvo} bookingUrl={null} />, { user: testUser('member') });
    const link = screen.getByRole('link', { name: 'Visit Website' });
    expect(looksPrimary(link)).toBe(true);
    await clickLink(link);
    expect(await screen.findByText("Opening Avvo's website")).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vendorId: 9, sourcePage: 'BROWSE', kind: 'WEBSITE' }),
    );
  });

  it('for a viewer without a booking link: still the main action, and nothing is recorded', async () => {
    const { calls } = serve();
    renderWithProviders(<VisitWebsiteButton {...avvo} bookingUrl={null} />, { user: testUser('viewer') });
    const link = screen.getByRole('link', { name: 'Visit Website' });
    expect(looksPrimary(link)).toBe(true);
    await clickLink(link);
    expect(await screen.findByText("Opening Avvo's website")).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('for a viewer with a booking link: unchanged, the secondary style', () => {
    serve();
    renderWithProviders(<VisitWebsiteButton {...avvo} bookingUrl="https://www.avvo.com/book" />, { user: testUser('viewer') });
    expect(looksSecondary(screen.getByRole('link', { name: 'Visit Website' }))).toBe(true);
  });

  it('without a website: a disabled button, still in the main style when there is no booking link either', () => {
    serve();
    renderWithProviders(<VisitWebsiteButton {...avvo} websiteUrl={null} bookingUrl={null} />, { user: testUser('member') });
    const button = screen.getByRole('button', { name: 'Visit Website' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(looksPrimary(button)).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the vendor to a screen reader where vendors sit side by side', () => {
    serve();
    renderWithProviders(<VisitWebsiteButton {...avvo} bookingUrl={null} srSuffix=" of Avvo" />, { user: testUser('member') });
    expect(screen.getByRole('link', { name: 'Visit Website of Avvo' })).toBeTruthy();
  });
});
