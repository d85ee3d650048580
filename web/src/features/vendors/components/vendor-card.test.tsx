import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentToast } from '@/components/ui/use-toast';

import type { Vendor } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { VendorCard } from './vendor-card';

// The toast lives in a module-level signal: each test starts without one.
beforeEach(() => {
  currentToast.value = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const base: Vendor = {
  id: 7,
  name: 'Slotwise',
  categoryId: 2,
  categoryName: 'Intake',
  categoryLabel: 'Intake',
  websiteUrl: 'https://slotwise.example.com',
  bookingUrl: 'https://slotwise.example.com/book?ref=dir#cal',
  logoUrl: null,
  description: 'Books intake calls.',
  shortHighlights: ['One', 'Two', 'Three', 'Four'],
  integrations: ['Clio', 'Filevine', 'Litify', 'Zapier'],
  priceBracket: 2,
  isRecommendedPartner: true,
  partnerLevel: 'Gold',
  isActive: true,
  firmSizesSupported: [],
  practiceAreasSupported: [],
  tags: [],
  needsReview: false,
  sourceUrl: 'https://slotwise.example.com/about',
  verifiedOn: '2026-11-22',
  facts: {
    website: { kind: 'page', url: 'https://slotwise.example.com/about', checkedOn: '2026-11-22' },
    bookingLink: { kind: 'page', url: 'https://slotwise.example.com/about', checkedOn: '2026-11-22' },
    description: { kind: 'estimate' },
    price: { kind: 'estimate' },
    security: {},
  },
};

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  const mock = mockFetch({ 'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } }, ...extra });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('VendorCard', () => {
  it('says where the price, the booking link and each stated security fact come from', () => {
    serve();
    renderWithProviders(
      <VendorCard
        vendor={{
          ...base,
          facts: {
            ...base.facts,
            security: {
              hipaaBaa: { value: true, provenance: { kind: 'page', url: 'https://slotwise.example.com/baa', checkedOn: '2026-11-25' } },
              sso: { value: { offered: true, protocols: ['SAML'], plan: null }, provenance: { kind: 'administrator', on: '2026-11-24' } },
              soc2: {
                value: { report: 'Type II', periodEnd: null },
                provenance: { kind: 'page', url: 'javascript:alert(1)', checkedOn: '2026-11-25' },
              },
            },
          },
        }}
      />,
    );
    expect(screen.getByText('Litstack’s estimate')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Price: Moderate/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Source of the booking link' }).getAttribute('href')).toBe(
      'https://slotwise.example.com/about',
    );
    expect(screen.getByText('Signs a BAA')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Source of “Signs a BAA”' }).getAttribute('href')).toBe('https://slotwise.example.com/baa');
    expect(screen.getByText('Single sign-on (SAML)')).toBeTruthy();
    expect(screen.getByText('Added by your administrator on Nov 24, 2026')).toBeTruthy();
    // A source that is not a web page is never a link.
    expect(screen.getByText('SOC 2 Type II')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /SOC 2/ })).toBeNull();
    // Facts nobody stated are not listed.
    expect(screen.queryByText(/ISO 27001|Two-factor|Not stated/)).toBeNull();
  });

  it('shows markup in vendor text as text, never as elements', () => {
    serve();
    const { container } = renderWithProviders(
      <VendorCard
        vendor={{
          ...base,
          name: '<img src=x onerror=alert(1)>',
          description: '<script>alert(1)</script>',
          shortHighlights: ['<b>bold</b>'],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
    expect(container.querySelector('script, b, img[src="x"]')).toBeNull();
  });

  it('shows the partner badge, three highlights and two integrations then "+N more"', () => {
    serve();
    renderWithProviders(<VendorCard vendor={base} />, { user: testUser('member') });
    expect(screen.getByText('Gold Partner')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Recommended partner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Gold Partner/ }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByText(/Verified/)).toBeNull();
    expect(screen.getByRole('list', { name: 'Highlights' }).querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByText('+2 more')).toBeTruthy();
    expect(screen.queryByText('Litify')).toBeNull();
  });

  it('links the website in a new tab with the utm tag and no opener', () => {
    serve();
    renderWithProviders(<VendorCard vendor={base} />, { user: testUser('member') });
    const link = screen.getByRole('link', { name: 'Visit Website' });
    expect(link.getAttribute('href')).toBe('https://slotwise.example.com?utm_source=litstack');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never turns a javascript: website into a link', () => {
    serve();
    renderWithProviders(<VendorCard vendor={{ ...base, websiteUrl: 'javascript:alert(1)' }} />, { user: testUser('member') });
    expect(screen.queryByRole('link', { name: 'Visit Website' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Visit Website' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('schedules: opens the booking link, records the click and confirms', async () => {
    const { calls } = serve({
      'POST /api/meeting-clicks': { status: 201, body: { id: 1, vendorId: 7, sourcePage: 'BROWSE', bookingUrl: null, recordedAt: '' } },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<VendorCard vendor={base} />, { user: testUser('member') });

    await userEvent.click(screen.getByRole('button', { name: 'Schedule Meeting' }));

    expect(open).toHaveBeenCalledWith('https://slotwise.example.com/book?ref=dir&utm_source=litstack#cal', '_blank', 'noopener,noreferrer');
    expect(await screen.findByText('Meeting click logged')).toBeTruthy();
    expect(screen.getByText('Your interest has been recorded.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vendorId: 7, sourcePage: 'BROWSE', kind: 'BOOKING' });
  });

  it('opens the booking link even when the click cannot be recorded', async () => {
    serve({ 'POST /api/meeting-clicks': { status: 500, body: { error: 'Something went wrong' } } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<VendorCard vendor={base} />, { user: testUser('member') });

    await userEvent.click(screen.getByRole('button', { name: 'Schedule Meeting' }));

    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('Meeting click logged')).toBeNull();
    expect((screen.getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('without a booking link: Visit Website is the main action, and the disabled Schedule Meeting says "No scheduler available"', async () => {
    const { calls } = serve({
      'POST /api/meeting-clicks': {
        status: 201,
        body: { id: 1, vendorId: 7, sourcePage: 'BROWSE', kind: 'WEBSITE', bookingUrl: null, recordedAt: '' },
      },
    });
    renderWithProviders(<VendorCard vendor={{ ...base, bookingUrl: null }} />, { user: testUser('member') });
    const schedule = screen.getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement;
    expect(schedule.disabled).toBe(true);
    expect(schedule.className).not.toContain('bg-indigo-600');
    expect(screen.getByLabelText(`Schedule Meeting with ${base.name}: No scheduler available`)).toBeTruthy();
    // Written on the card, not only in the tooltip.
    expect(screen.getByText('No scheduler available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Request a demo/ })).toBeNull();

    // Visit Website is a link (it opens in a new tab by itself); the click is recorded as a
    // website click and the toast says what opened.
    const website = screen.getByRole('link', { name: 'Visit Website' });
    expect(website.className).toContain('bg-indigo-600');
    website.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(website);
    expect(await screen.findByText(`Opening ${base.name}'s website`)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vendorId: 7, sourcePage: 'BROWSE', kind: 'WEBSITE' }),
    );
  });

  it('without a booking link or a website both buttons are disabled', async () => {
    serve();
    renderWithProviders(<VendorCard vendor={{ ...base, bookingUrl: null, websiteUrl: null }} />, { user: testUser('member') });
    expect((screen.getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Visit Website' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves Schedule Meeting and Add to shortlist out for a viewer, and keeps the website link', async () => {
    serve({ 'GET /api/shortlist': { body: { groups: [] } } });
    renderWithProviders(<VendorCard vendor={base} />, { user: testUser('viewer') });
    expect(screen.getByRole('link', { name: /Visit Website/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Compare ${base.name}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Schedule Meeting' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Add to shortlist: ${base.name}` })).toBeNull();
  });

  it('offers Schedule Meeting, and shortlist and compare as named icon buttons, to a member', async () => {
    serve({ 'GET /api/shortlist': { body: { groups: [] } } });
    const { container } = renderWithProviders(<VendorCard vendor={base} />, { user: testUser('member') });
    expect(screen.getByRole('button', { name: 'Schedule Meeting' })).toBeTruthy();
    const shortlist = await screen.findByRole('button', { name: `Add to shortlist: ${base.name}` });
    expect(shortlist.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: `Compare ${base.name}` }).getAttribute('aria-pressed')).toBe('false');
    // At most two buttons with words: Schedule Meeting and Visit Website.
    const worded = [...container.querySelectorAll('button, a')].filter((b) => (b.textContent ?? '').trim() !== '' && !b.closest('h3'));
    expect(worded.map((b) => b.textContent?.trim()).filter((t) => t === 'Schedule Meeting' || t === 'Visit Website')).toHaveLength(2);
  });
});
