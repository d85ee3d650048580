import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';

import type { VendorEvidence, VendorProfile } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { VendorProfilePage } from './vendor-profile-page';

// happy-dom has no canvas for uPlot; the chart's text alternative stands in for it.
vi.mock('./bookings-by-month-chart', async () => {
  const actual = await vi.importActual<typeof import('./bookings-by-month-chart')>('./bookings-by-month-chart');
  return {
    ...actual,
    BookingsByMonthChart: ({ months, total }: Parameters<typeof actual.BookingsByMonthChart>[0]) => (
      <p>{actual.describeMonths(months, total)}</p>
    ),
  };
});

afterEach(() => vi.unstubAllGlobals());

/** The server's reason for a band it does not show. */
const RULE = 'a band is shown only where at least 7 of these firms pay in lower bands and 7 in higher ones';

const profile: VendorProfile = {
  id: 7,
  name: 'Docketly',
  category: { id: 2, name: 'Intake', label: 'Intake' },
  websiteUrl: 'https://docketly.example',
  bookingUrl: null,
  logoUrl: null,
  description: 'Intake for injury firms.',
  shortHighlights: ['24/7 intake'],
  priceBracket: 2,
  firmSizesSupported: [{ code: 'E6_20', label: '6-20' }],
  practiceAreasSupported: ['Personal Injury'],
  geoFocus: 'US',
  isRecommendedPartner: false,
  partnerLevel: null,
  isActive: false,
  sourceUrl: null,
  verifiedOn: '2026-11-02',
  facts: {
    website: { kind: 'page', url: 'https://www.docketly.example/about', checkedOn: '2026-11-02' },
    description: { kind: 'estimate' },
    highlights: { kind: 'estimate' },
    integrations: { kind: 'administrator', on: '2026-11-25' },
    price: { kind: 'estimate' },
    security: {},
  },
  integrations: [
    { name: 'Filevine', inYourStack: true },
    { name: 'Clio', inYourStack: false },
  ],
  history: { recommendations: [], meetingClicks: [], dismissed: true },
  alternativesBasis: 'fit',
  alternatives: [
    {
      id: 12,
      name: 'Rulerly',
      logoUrl: null,
      websiteUrl: null,
      priceBracket: null,
      score: null,
      reason: 'Works with personal-injury firms',
    },
  ],
  whatFirmsPay: {
    asOf: '2026-11',
    withheld: false,
    overall: {
      firms: { value: null, text: 'fewer than 5' },
      lowerQuartile: null,
      median: null,
      upperQuartile: null,
      text: 'fewer than 5 firms shared',
      bandsText: null,
    },
    bySize: [
      {
        sizes: (['SOLO', 'E2_5', 'E6_20', 'E21_50', 'E51_200', 'E200P'] as const).map((code) => ({ code, label: code })),
        figure: {
          firms: { value: null, text: 'fewer than 5' },
          lowerQuartile: null,
          median: null,
          upperQuartile: null,
          text: 'fewer than 5 firms shared',
          bandsText: null,
        },
      },
    ],
  },
};

const evidence: VendorEvidence = {
  vendorId: 7,
  hasRealBookings: false,
  months: [{ from: '2024-12', to: '2026-11', count: { value: null, text: 'fewer than 5' } }],
  total: { value: null, text: 'fewer than 5' },
  bySize: [],
  recentForYourSize: { size: { code: 'E6_20', label: '6-20' }, days: 90, count: { value: null, text: 'fewer than 5' }, withheld: false },
  peerAdoption: {
    size: { code: 'E6_20', label: '6-20' },
    firms: { value: null, text: 'fewer than 5' },
    text: 'Used by fewer than 5 firms of your size',
  },
};

function renderAt(path: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  const mock = mockFetch({ 'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } }, ...routes });
  vi.stubGlobal('fetch', mock.fetchMock);
  renderWithProviders(<Route path="/vendors/:id" component={VendorProfilePage} />, { path, user: testUser('member') });
  return mock;
}

describe('VendorProfilePage', () => {
  it('says "Vendor not found" for an id that is no whole number, without asking the server', async () => {
    const { calls } = renderAt('/vendors/abc');
    expect(await screen.findByRole('heading', { name: 'Vendor not found' })).toBeTruthy();
    expect(screen.getByText('“abc” is not a vendor id: vendor ids are whole numbers like 42.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Browse Vendors' }).getAttribute('href')).toBe('/vendors');
    expect(calls.filter((c) => c.url.includes('/api/vendors'))).toEqual([]);
  });

  it("says the server's reason for an unknown vendor", async () => {
    renderAt('/vendors/999999', {
      'GET /api/vendors/999999': { status: 404, body: { error: 'There is no vendor with id 999999' } },
      'GET /api/vendors/999999/evidence': { status: 404, body: { error: 'There is no vendor with id 999999' } },
    });
    expect(await screen.findByRole('heading', { name: 'Vendor not found' })).toBeTruthy();
    expect(screen.getByText('There is no vendor with id 999999.')).toBeTruthy();
  });

  it('shows an inactive vendor with its banner, stack integrations, hidden small counts and links', async () => {
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: profile }, 'GET /api/vendors/7/evidence': { body: evidence } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Docketly' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('no longer active');
    expect(screen.getByText('Works with Filevine — in your tech stack')).toBeTruthy();
    expect(screen.getByText('Works with Clio')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Intake' }).getAttribute('href')).toBe('/vendors?categoryIds=2');
    expect(await screen.findByText('Used by fewer than 5 firms of your size')).toBeTruthy();
    expect(screen.getByText(/No real demo bookings yet/)).toBeTruthy();
    expect(screen.getByText('You dismissed Docketly from your picks.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rulerly' }).getAttribute('href')).toBe('/vendors/12');
  });

  it('says "fewer than 5" for a vendor nobody booked or uses, never 0', async () => {
    const hidden = { value: null, text: 'fewer than 5' };
    const sizes = (['SOLO', 'E2_5', 'E6_20', 'E21_50', 'E51_200', 'E200P'] as const).map((code) => ({ code, label: code }));
    const none: VendorEvidence = {
      ...evidence,
      hasRealBookings: true,
      bySize: [{ sizes, count: hidden }],
    };
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: profile }, 'GET /api/vendors/7/evidence': { body: none } });
    const figures = await screen.findByTestId('vendor-evidence');
    expect(screen.getByText('fewer than 5 demo bookings in all.')).toBeTruthy();
    expect(figures.textContent).toContain('Used by fewer than 5 firms of your size');
    expect(figures.textContent).not.toMatch(/\b0 (demo|firms)|\bno (firms|demo bookings)/i);
  });

  it('shows what firms pay per seat by size as bands only, and "Fewer than 5 firms shared" with no number below that', async () => {
    const band = (from: number, to: number | null) => ({
      from,
      to,
      text: to == null ? `$${from.toLocaleString('en-US')} or more` : `$${from.toLocaleString('en-US')} – $${to.toLocaleString('en-US')}`,
    });
    type Band = [number, number | null] | null;
    const shown = (firms: number, low: Band, median: Band, high: Band) => ({
      firms: { value: firms, text: String(firms) },
      lowerQuartile: low && band(...low),
      median: median && band(...median),
      upperQuartile: high && band(...high),
      text: `${firms} firms shared`,
      bandsText: low && median && high ? null : RULE,
    });
    const priced: VendorProfile = {
      ...profile,
      whatFirmsPay: {
        asOf: '2026-11',
        withheld: false,
        overall: shown(40, [100, 200], [1000, 2000], [2000, 5000]),
        bySize: [
          {
            sizes: [
              { code: 'SOLO', label: 'Solo' },
              { code: 'E2_5', label: '2-5' },
            ],
            figure: shown(5, null, null, null),
          },
          { sizes: [{ code: 'E6_20', label: '6-20' }], figure: shown(35, [1000, 2000], [1000, 2000], null) },
        ],
      },
    };
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: priced }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const table = await screen.findByRole('table', { name: /What firms pay for Docketly/ });
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((row) => row.textContent);
    expect(rows).toEqual([
      'Solo and 2-5 togetherNot shownNot shown5',
      '6-20$1,000 – $2,000Not shown35',
      'All sizes$1,000 – $2,000$100 – $5,00040',
    ]);
    expect(screen.getByText(`Not shown: ${RULE}.`)).toBeTruthy();
    expect(screen.getByText('Figures of Nov 2026.')).toBeTruthy();
    // The rule is there, folded under "How this is computed" (issue 78: the section opens short).
    expect(screen.getByText('How this is computed').closest('details')?.textContent).toMatch(/never one firm's price/);
    expect(screen.getByText('How this is computed').closest('details')?.open).toBe(false);
  });

  it('says "Fewer than 5 firms shared" and no number while too few firms shared', async () => {
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: profile }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const table = await screen.findByRole('table', { name: /What firms pay for Docketly/ });
    expect(Array.from(table.querySelectorAll('tbody tr')).map((row) => row.textContent)).toEqual([
      'Every size togetherFewer than 5 firms shared',
    ]);
    expect(table.textContent).not.toMatch(/\$|\b0\b/);
  });

  it('says the figures are not shown until the next monthly update when they are withheld', async () => {
    const hidden = {
      firms: { value: null, text: 'not shown' },
      lowerQuartile: null,
      median: null,
      upperQuartile: null,
      text: 'not shown until the next monthly update',
      bandsText: null,
    };
    const withheld: VendorProfile = {
      ...profile,
      whatFirmsPay: {
        ...profile.whatFirmsPay,
        withheld: true,
        overall: hidden,
        bySize: [{ ...profile.whatFirmsPay.bySize[0]!, figure: hidden }],
      },
    };
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: withheld }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const table = await screen.findByRole('table', { name: /What firms pay for Docketly/ });
    expect(Array.from(table.querySelectorAll('tbody tr')).map((row) => row.textContent)).toEqual([
      'Every size togetherNot shown until the next monthly update',
    ]);
    expect(table.textContent).not.toMatch(/\$|\d/);
  });

  it('records Schedule Meeting as a click from the profile and opens the tagged scheduler', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const bookable = { ...profile, isActive: true, bookingUrl: 'https://docketly.example/book' };
    const { calls } = renderAt('/vendors/7', {
      'GET /api/vendors/7': { body: bookable },
      'GET /api/vendors/7/evidence': { body: evidence },
      'POST /api/meeting-clicks': {
        status: 201,
        body: { id: 1, vendorId: 7, vendorName: 'Docketly', sourcePage: 'PROFILE', bookingUrl: null, recordedAt: '2026-11-22T10:00:00Z' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule Meeting' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/meeting-clicks'))).toBe(true));
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.body).toEqual({ vendorId: 7, sourcePage: 'PROFILE', kind: 'BOOKING' });
    expect(String(open.mock.calls[0]?.[0])).toMatch(/^https:\/\/docketly\.example\/book\?utm_source=/);
  });

  it('says where each fact comes from: a page and its month, the administrator, or Litstack’s estimate', async () => {
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: profile }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const section = await screen.findByRole('region', { name: 'Facts and sources' });
    // The old blanket claim is gone.
    expect(screen.queryByText(/^Verified /)).toBeNull();
    const row = (term: string) => within(section).getByText(term, { selector: 'dt' }).parentElement!;
    expect(row('Website').textContent).toContain('docketly.example');
    expect(row('Website').textContent).toContain('Checked on docketly.example, Nov 2026');
    const source = within(row('Website')).getByRole('link', { name: 'Source of Docketly’s website' });
    expect(source.getAttribute('href')).toBe('https://www.docketly.example/about');
    expect(source.getAttribute('target')).toBe('_blank');
    expect(source.getAttribute('rel')).toBe('noopener noreferrer');
    expect(row('Description').textContent).toBe('DescriptionLitstack’s summary');
    expect(row('Highlights').textContent).toBe('HighlightsLitstack’s summary');
    expect(row('Integrations').textContent).toContain('Added by your administrator on Nov 25, 2026');
    expect(row('Price bracket').textContent).toBe('Price bracketModerate ($$)Litstack’s estimate');
    // No booking link, no logo, no stated price: no row.
    expect(within(section).queryByText('Booking link')).toBeNull();
    expect(within(section).queryByText('Logo')).toBeNull();
    expect(within(section).queryByText('Stated price')).toBeNull();
    // The header's bracket says it is an estimate, and leads to the sources.
    expect(screen.getByRole('img', { name: 'Price: Moderate (2 of 4), Litstack’s estimate' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Where each fact comes from' }).getAttribute('href')).toBe('#facts-and-sources');
  });

  it('says "Source not recorded" for a website or booking link whose page was not recorded, never an estimate', async () => {
    const unrecorded: VendorProfile = {
      ...profile,
      bookingUrl: 'https://docketly.example/book',
      facts: { ...profile.facts, website: { kind: 'estimate' }, bookingLink: { kind: 'estimate' } },
    };
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: unrecorded }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const section = await screen.findByRole('region', { name: 'Facts and sources' });
    const row = (term: string) => within(section).getByText(term, { selector: 'dt' }).parentElement!;
    expect(row('Website').textContent).toBe('Websitedocketly.exampleSource not recorded');
    expect(row('Booking link').textContent).toBe('Booking linkdocketly.exampleSource not recorded');
    // What really is Litstack's estimate still says so.
    expect(row('Price bracket').textContent).toBe('Price bracketModerate ($$)Litstack’s estimate');
  });

  it('without a booking link: Visit Website is the main action, and Schedule Meeting says "No scheduler available"', async () => {
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: profile }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const header = (await screen.findByRole('heading', { name: 'Docketly', level: 1 })).closest('header')!;
    expect(within(header).getByRole('link', { name: 'Visit Website' }).className).toContain('bg-indigo-600');
    expect((within(header).getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(header).getByText('No scheduler available')).toBeTruthy();
  });

  it('never turns a javascript: address into a link', async () => {
    const hostile: VendorProfile = {
      ...profile,
      facts: {
        ...profile.facts,
        website: { kind: 'page', url: 'javascript:alert(1)', checkedOn: '2026-11-02' },
        statedPrice: {
          value: 'From $39 per user per month',
          provenance: { kind: 'page', url: 'javascript:alert(2)', checkedOn: '2026-11-02' },
        },
        security: { trustPage: { value: 'javascript:alert(3)', provenance: { kind: 'administrator', on: '2026-11-25' } } },
      },
    };
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: hostile }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const section = await screen.findByRole('region', { name: 'Facts and sources' });
    expect(within(section).getAllByText('Checked Nov 2026')).toHaveLength(2);
    expect(within(section).getByText('From $39 per user per month')).toBeTruthy();
    const security = screen.getByRole('region', { name: 'Security' });
    expect(within(security).getByText('javascript:alert(3)')).toBeTruthy();
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(security).queryByRole('link')).toBeNull();
  });

  it('shows the security facts as stated, with their pages, and “Not stated” for the rest', async () => {
    const stated: VendorProfile = {
      ...profile,
      name: 'EvenUp',
      facts: {
        ...profile.facts,
        security: {
          hipaaBaa: { value: true, provenance: { kind: 'page', url: 'https://www.evenuplaw.com/dpa/', checkedOn: '2026-11-25' } },
          soc2: { value: { report: 'Type II' }, provenance: { kind: 'page', url: 'https://trust.evenuplaw.com', checkedOn: '2026-11-25' } },
          trustPage: {
            value: 'https://trust.evenuplaw.com',
            provenance: { kind: 'page', url: 'https://trust.evenuplaw.com', checkedOn: '2026-11-25' },
          },
        },
      },
    };
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: stated }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const section = await screen.findByRole('region', { name: 'Security' });
    expect(screen.getByRole('heading', { level: 2, name: 'Security' })).toBeTruthy();
    const row = (term: string) => within(section).getByText(term, { selector: 'dt' }).parentElement!;
    expect(row('HIPAA business associate agreement').textContent).toBe(
      'HIPAA business associate agreementSigns a BAAChecked on evenuplaw.com, Nov 2026 · Source of EvenUp’s HIPAA business associate agreement',
    );
    expect(
      within(row('HIPAA business associate agreement'))
        .getByRole('link', { name: 'Source of EvenUp’s HIPAA business associate agreement' })
        .getAttribute('href'),
    ).toBe('https://www.evenuplaw.com/dpa/');
    expect(row('SOC 2').textContent).toContain('Type II report');
    expect(row('SOC 2').textContent).toContain('Checked on trust.evenuplaw.com, Nov 2026');
    for (const term of [
      'ISO 27001',
      'Single sign-on',
      'Two-factor sign-in',
      'Where data is kept',
      'AI training on your data',
      'Export when you leave',
    ]) {
      expect(row(term).textContent, term).toBe(`${term}Not stated`);
    }
    const trust = within(row('Trust page')).getByRole('link', { name: /^trust\.evenuplaw\.com/ });
    expect(trust.getAttribute('href')).toBe('https://trust.evenuplaw.com/');
    expect(trust.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says calmly when none of the security facts is stated', async () => {
    renderAt('/vendors/7', { 'GET /api/vendors/7': { body: profile }, 'GET /api/vendors/7/evidence': { body: evidence } });
    const section = await screen.findByRole('region', { name: 'Security' });
    expect(within(section).getByText('Docketly’s security practices are not stated on any page Litstack has read.')).toBeTruthy();
    expect(within(section).getAllByText('Not stated')).toHaveLength(9);
  });
});
