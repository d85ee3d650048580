import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { describeSeries } from '../series';

import { TrendsPage } from './trends-page';

// happy-dom has no canvas for uPlot; the chart has its own text alternative tested below.
vi.mock('./bookings-per-day-chart', async () => {
  const actual = await vi.importActual<typeof import('./bookings-per-day-chart')>('./bookings-per-day-chart');
  return {
    ...actual,
    BookingsPerDayChart: ({ series, granularity }: Parameters<typeof actual.BookingsPerDayChart>[0]) => (
      <p>{describeSeries(series, granularity)}</p>
    ),
  };
});

const admin = { id: 1, name: 'Ada', email: 'ada@firm.test', lawFirm: 'Lovelace Law', firmSize: null, isAdmin: true };

const trends = {
  total: 12345,
  categoryCounts: Array.from({ length: 10 }, (_, i) => ({ name: `Category ${i + 1}`, label: `Category ${i + 1}`, count: 1000 - i * 90 })),
  stateCounts: [
    { state: 'UNKNOWN', count: 900 },
    { state: 'TX', count: 800 },
    { state: 'CA', count: 700 },
  ],
  daily: [
    { date: '2026-03-01', count: 3 },
    { date: '2026-03-02', count: 9 },
  ],
  granularity: 'day',
  series: [
    { start: '2026-03-01', count: 3, partial: false },
    { start: '2026-03-02', count: 9, partial: false },
  ],
  stacks: null,
  compare: 'none',
  comparison: null,
  changes: null,
  last30: 110,
  previous30: 100,
  days: 60,
  rangeStart: '2026-01-01',
  rangeEnd: '2026-03-01',
  summaryChange: {
    basis: 'last30Days',
    count: 110,
    comparisonCount: 100,
    days: 30,
    comparisonDays: 30,
    start: '2026-01-31',
    end: '2026-03-01',
    comparisonStart: '2026-01-01',
    comparisonEnd: '2026-01-30',
    change: { difference: 10, percent: 10, tooFew: false },
  },
  sampleCount: 0,
  hasRealData: true,
  hasSampleData: false,
};

const noSample = { sampleCount: 0, hasRealData: true, hasSampleData: false };

const vendors = {
  items: [
    {
      vendorId: 3,
      name: 'Casefile Bolt',
      count: 30,
      share: 0.75,
      comparisonCount: 20,
      change: { difference: 10, percent: 50, tooFew: false },
    },
    {
      vendorId: null,
      name: 'Nobody Co',
      count: 10,
      share: 0.25,
      comparisonCount: 7,
      change: { difference: 3, percent: null, tooFew: true },
    },
  ],
  total: 40,
  comparisonTotal: 27,
  category: null,
  vendorCount: 2,
  rangeStart: '2026-01-01',
  rangeEnd: '2026-03-01',
  comparisonRangeStart: '2025-11-02',
  comparisonRangeEnd: '2025-12-31',
  compare: 'previous',
  ...noSample,
};

const booking = (id: number) => ({
  id,
  clientCategory: `Intake ${id}`,
  categoryLabel: `Intake ${id}`,
  client: 'Vendor',
  standardizedPracticeAreaBrokenOut: 'E6_20',
  cityState: id === 2 ? null : 'Austin, TX',
  state: 'TX',
  dma: 'Austin',
  createdTime: '2025-01-02T10:00:00Z',
  sample: id === 1,
});

const dmas = Array.from({ length: 14 }, (_, i) => `Metro ${i + 1}`).concat(['Austin', 'Dallas-Ft. Worth']);

/** The calls of the current test's fetch, for answers that depend on the query. */
let currentCalls: Array<{ method: string; url: string }> = [];
const lastQuery = () => new URL(currentCalls[currentCalls.length - 1]!.url, 'http://x').searchParams;

function setup(path = '/trends', overrides: Record<string, unknown> = {}) {
  const { fetchMock, calls } = mockFetch({
    'GET /api/auth/me': { body: { user: admin } },
    'GET /api/trends': { body: trends },
    'GET /api/demo-bookings': () => {
      const url = calls[calls.length - 1]!.url;
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      const items = Array.from({ length: Math.min(6, 14 - offset) }, (_, i) => booking(offset + i + 1));
      return { body: { items, total: 14, limit: 6, offset, ...noSample } };
    },
    'GET /api/demo-bookings/filter-options': { body: { dmas, states: ['TX', 'CA', 'DC'], firmSizes: ['SOLO', 'E6_20'], ...noSample } },
    'GET /api/trends/cities': {
      body: {
        cities: [
          { city: 'Austin', count: 500 },
          { city: 'Dallas', count: 300 },
        ],
        total: 800,
        ...noSample,
      },
    },
    'GET /api/categories': { body: [{ id: 7, name: 'Category 1', label: 'Category 1', stage: null }] },
    'GET /api/trends/vendors': { body: vendors },
    ...overrides,
  });
  currentCalls = calls;
  vi.stubGlobal('fetch', fetchMock);
  const rendered = renderWithProviders(<TrendsPage />, { path });
  const requests = (path: string) =>
    calls.filter((call) => call.url.split('?')[0] === path).map((call) => new URL(call.url, 'http://x').searchParams);
  return { ...rendered, calls, requests };
}

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

describe('TrendsPage', () => {
  test("shows the four stat cards with the server's one change, of the last 30 days", async () => {
    setup();
    const total = (await screen.findByText('Total Demos')).parentElement!;
    expect(within(total).getByText('12,345')).toBeTruthy();
    expect(total.textContent).toContain('Last 30 days to Mar 1, 2026: 110, change +10 (+10.0%) vs the 30 days before');
    expect(within(screen.getByText('Categories').parentElement!).getByText('10')).toBeTruthy();
    const top = screen.getByText('Top State').parentElement!;
    expect(within(top).getByText('Texas')).toBeTruthy();
    expect(within(top).getByText('800 bookings')).toBeTruthy();
    const average = screen.getByText('Avg. per Day').parentElement!;
    expect(within(average).getByText('205.8')).toBeTruthy();
    expect(within(average).getByText('3.7 per day in the last 30 days')).toBeTruthy();
    // One change on the page's summary: the server's, never a second one worked out here.
    expect(screen.getAllByText('+10 (+10.0%)')).toHaveLength(1);
    expect(screen.queryByText(/\+12\.3%|\+8\.2%/)).toBeNull();
  });

  test('says so when there was nothing in the previous 30 days, and shows every empty state', async () => {
    setup('/trends', {
      'GET /api/trends': {
        body: {
          ...trends,
          total: 0,
          categoryCounts: [],
          stateCounts: [],
          daily: [],
          series: [],
          last30: 0,
          previous30: 0,
          days: 0,
          summaryChange: { ...trends.summaryChange, count: 0, comparisonCount: 0, change: { difference: 0, percent: null, tooFew: true } },
        },
      },
      'GET /api/demo-bookings': { body: { items: [], total: 0, limit: 6, offset: 0, ...noSample } },
    });
    await screen.findByText('No data available');
    expect(screen.getAllByText('Last 30 days to Mar 1, 2026: 0, no bookings in the 30 days before')).toHaveLength(1);
    expect(screen.getByText('N/A')).toBeTruthy();
    expect(screen.getByText('0.0')).toBeTruthy();
    expect(await screen.findByText('No demo bookings found')).toBeTruthy();
    expect(screen.getByText('No state data available')).toBeTruthy();
    expect(await screen.findByText('No bookings in the selected range.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/generated sample data/)).toBeNull();
  });

  test('pages the bookings both ways, marking sample rows', async () => {
    const { requests } = setup();
    expect(await screen.findByText('Showing 1-6 of 14 results')).toBeTruthy();
    const table = within(screen.getByRole('region', { name: 'Recent Demo Bookings' })).getByRole('table');
    expect(within(table).getAllByText('(sample)')).toHaveLength(1);
    expect(within(table).getByText('Texas')).toBeTruthy(); // booking 2 has no city: falls back to the state
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 7-12 of 14 results');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 13-14 of 14 results');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Showing 7-12 of 14 results');
    expect(requests('/api/demo-bookings').map((q) => q.get('offset'))).toEqual(['0', '6', '12']); // page 2 again comes from the cache

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(requests('/api/demo-bookings')).toHaveLength(4));
    expect(requests('/api/demo-bookings').at(-1)?.get('offset')).toBe('6');
  });

  test("the bookings' Download CSV is every matching booking, not the page on screen", async () => {
    setup('/trends?state=TX&firmSize=SOLO&page=2');
    await screen.findByText('Showing 7-12 of 14 results');
    const panel = screen.getByRole('region', { name: 'Recent Demo Bookings' });
    const link = within(panel).getByRole('link', { name: 'Download CSV of all 14 matching demo bookings' });
    // A plain link the browser saves as it streams; the server names the file.
    expect(link.getAttribute('href')).toBe('/api/demo-bookings?state=TX&firmSize=SOLO&format=csv');
    expect(link.hasAttribute('download')).toBe(true);
  });

  test('a page past the end moves to the last page', async () => {
    const { location } = setup('/trends?page=9');
    await screen.findByText('Showing 13-14 of 14 results', {}, { timeout: 3000 });
    expect(location.history.at(-1)).toBe('/trends?page=3');
  });

  test('sends a chosen filter at once and the ones that follow within 300 ms together, and Reset clears them', async () => {
    const { requests, location } = setup();
    await screen.findByText('Total Demos');
    expect(screen.getByRole('option', { name: 'All States' })).toBeTruthy();
    await screen.findByRole('option', { name: 'District of Columbia' });
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Texas');
    await userEvent.selectOptions(screen.getByLabelText('Firm Size'), '6-20');
    expect(location.history.at(-1)).toBe('/trends?state=TX&firmSize=E6_20');
    // The state is asked for at once; the firm size, picked within 300 ms, joins one trailing call.
    const shown = () => requests('/api/trends').filter((q) => !q.has('granularity'));
    await waitFor(() => expect(shown().at(-1)?.toString()).toBe('state=TX&firmSize=E6_20'), { timeout: 2000 });
    expect(shown().map((q) => q.toString())).toEqual(['', 'state=TX', 'state=TX&firmSize=E6_20']);
    // Once answered, the week and month series of the same filters are asked for ahead.
    await waitFor(() =>
      expect(requests('/api/trends').map((q) => q.toString())).toEqual(
        expect.arrayContaining(['state=TX&firmSize=E6_20&granularity=week', 'state=TX&firmSize=E6_20&granularity=month']),
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(location.history.at(-1)).toBe('/trends');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('');
  });

  test('a date typed by hand waits for its pause; a picked date applies at once', async () => {
    const { requests } = setup();
    await screen.findByText('Total Demos');
    const from = screen.getByLabelText('From');
    const asked = (start: string) => requests('/api/trends').some((q) => q.get('start') === start && !q.has('granularity'));
    // Picked (no key pressed in the field): asked for straight away.
    fireEvent.change(from, { target: { value: '2026-01-05' } });
    await waitFor(() => expect(asked('2026-01-05')).toBe(true), { timeout: 200 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    // Typed: a key in the field, then the change; nothing is asked for until the pause.
    fireEvent.keyDown(from, { key: '7' });
    fireEvent.change(from, { target: { value: '2026-01-07' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked('2026-01-07')).toBe(false);
    await waitFor(() => expect(asked('2026-01-07')).toBe(true), { timeout: 1000 });
  });

  test("the focus on the vendors' Category asks ahead for the likely categories' vendors", async () => {
    const { requests } = setup();
    const panel = await screen.findByRole('region', { name: 'Top Vendors' });
    await waitFor(() => expect(requests('/api/trends/vendors')).toHaveLength(1));
    fireEvent.focus(within(panel).getByLabelText('Category'));
    await waitFor(() => expect(requests('/api/trends/vendors').map((q) => q.get('categoryId'))).toEqual([null, '7']));
    // Picked, its answer is the one asked ahead: no second call.
    fireEvent.change(within(panel).getByLabelText('Category'), { target: { value: '7' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests('/api/trends/vendors')).toHaveLength(2);
  });

  test('refuses a From date after the To date with a clear message', async () => {
    const { requests } = setup('/trends?end=2026-02-01');
    await screen.findByText('Total Demos');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('The From date must be on or before the To date.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(requests('/api/trends').some((q) => q.get('start') === '2026-03-01')).toBe(false);
  });

  test('the city typeahead suggests 10 metro areas by substring and is usable with the keyboard', async () => {
    const { location } = setup();
    const box = await screen.findByRole('combobox', { name: 'City' });
    await waitFor(() => expect(screen.queryAllByRole('option', { hidden: true }).length).toBeGreaterThan(5));
    await userEvent.click(box);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(10);
    await userEvent.type(box, 'ETRO 1');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Metro 1', 'Metro 10', 'Metro 11', 'Metro 12', 'Metro 13', 'Metro 14']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();

    await userEvent.clear(box);
    await userEvent.type(box, 'aus');
    await userEvent.click(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect((box as HTMLInputElement).value).toBe('Austin');
    expect(location.history.at(-1)).toBe('/trends?dma=Austin');
  });

  test('drills into a state’s top cities and back', async () => {
    const { requests } = setup('/trends?firmSize=SOLO');
    await userEvent.click(await screen.findByRole('button', { name: 'California' }));
    expect(await screen.findByRole('heading', { name: 'Top Cities in California' })).toBeTruthy();
    expect(await screen.findByText('Dallas')).toBeTruthy();
    expect(requests('/api/trends/cities')[0]?.toString()).toBe('state=CA&firmSize=SOLO');
    await userEvent.click(screen.getByRole('button', { name: 'Back to States' }));
    expect(await screen.findByText('Click on any state name to view cities within that state')).toBeTruthy();
    expect(screen.queryByText('Unknown')).toBeNull();
  });

  test('a state without cities says so', async () => {
    setup('/trends', { 'GET /api/trends/cities': { body: { cities: [], total: 0, ...noSample } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Texas' }));
    expect(await screen.findByText('No city data available for Texas')).toBeTruthy();
  });

  test('shows the top 8 categories, toggles all, and a bar opens its questionnaire', async () => {
    const { location } = setup();
    const bars = await screen.findByRole('list', { name: 'Bookings per category' });
    expect(within(bars).getAllByRole('button')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'See All Categories' }));
    expect(within(bars).getAllByRole('button')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'See Top Categories' }));
    expect(within(bars).getAllByRole('button')).toHaveLength(8);

    await userEvent.click(screen.getByRole('button', { name: '910 Category 2 bookings' }));
    expect(await screen.findByText('Could not find Category 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '1,000 Category 1 bookings' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/matches?categoryId=7'));
  });

  test('while only sample data exists: a banner says how much, and there is no switch', async () => {
    setup('/trends', {
      'GET /api/trends': { body: { ...trends, sampleCount: 12345, hasRealData: false, hasSampleData: true } },
    });
    const banner = await screen.findByRole('note');
    expect(within(banner).getByText('12,345 of 12,345 bookings shown are generated sample data')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Show sample data' })).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Import bookings' }).getAttribute('href')).toBe('/admin/import');
  });

  test('with real data the switch asks every call for the samples too, and the banner counts them', async () => {
    const withSample = { ...trends, total: 12345, sampleCount: 2000, hasRealData: true, hasSampleData: true };
    const { requests, location } = setup('/trends', {
      'GET /api/trends': () => {
        const asked = lastQuery().get('includeSample') === 'true';
        return { body: asked ? withSample : { ...trends, hasSampleData: true } };
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Show sample data' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();

    await userEvent.click(toggle);
    expect(location.history.at(-1)).toBe('/trends?includeSample=true');
    expect(await screen.findByText('2,000 of 12,345 bookings shown are generated sample data', {}, { timeout: 2000 })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Show sample data' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(requests('/api/demo-bookings').at(-1)?.get('includeSample')).toBe('true'));
    expect(requests('/api/demo-bookings/filter-options').at(-1)?.get('includeSample')).toBe('true');

    // The keyboard works it too.
    screen.getByRole('switch', { name: 'Show sample data' }).focus();
    await userEvent.keyboard(' ');
    expect(location.history.at(-1)).toBe('/trends');
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull(), { timeout: 2000 });
  });

  test('an admin removes the sample data after confirming, and the trends are asked again', async () => {
    let removed = false;
    const { calls, requests } = setup('/trends', {
      'GET /api/trends': () => ({
        body: removed ? { ...trends, hasRealData: false } : { ...trends, sampleCount: 12345, hasRealData: false, hasSampleData: true },
      }),
      'DELETE /api/admin/sample-bookings': () => {
        removed = true;
        return { status: 204 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove sample data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sample data?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove sample data' }));
    const again = await screen.findByRole('dialog', { name: 'Remove sample data?' });
    const trendCalls = requests('/api/trends').length;
    await userEvent.click(within(again).getByRole('button', { name: 'Remove sample data' }));
    expect(await screen.findByText('Sample data removed')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/admin/sample-bookings']);
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
    expect(requests('/api/trends').length).toBeGreaterThan(trendCalls);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove sample data' })).toBeNull();
  });

  test('a failed removal says why inside the dialog', async () => {
    setup('/trends', {
      'GET /api/trends': { body: { ...trends, sampleCount: 5, hasRealData: true, hasSampleData: true } },
      'DELETE /api/admin/sample-bookings': { status: 507, body: { error: 'The disk is full: free some space.' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove sample data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sample data?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sample data' }));
    expect(await within(dialog).findByText('The disk is full: free some space.')).toBeTruthy();
  });

  test('someone who is not an admin sees the banner but no removal and no import link', async () => {
    setup('/trends', {
      'GET /api/auth/me': { body: { user: { ...admin, isAdmin: false } } },
      'GET /api/trends': { body: { ...trends, sampleCount: 12345, hasRealData: false, hasSampleData: true } },
    });
    const banner = await screen.findByRole('note');
    expect(within(banner).getByText(/An administrator can import real bookings/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Import bookings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove sample data' })).toBeNull();
  });

  test('by default nothing is compared while the previous period holds too few bookings, and the control says why', async () => {
    const { requests } = setup();
    expect(
      await screen.findByText(
        'Not compared: the previous period of equal length holds fewer than 20 bookings, too few bookings to call a trend. Choose a period to compare with.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('Compare with') as HTMLSelectElement).value).toBe('none');
    expect(screen.queryByText(/Comparison period/)).toBeNull();
    // The default is the server's: no compare parameter is sent.
    expect(requests('/api/trends').every((query) => !query.has('compare'))).toBe(true);
  });

  test('a chosen comparison period without a booking is shown as nothing to compare, never "vs 0"', async () => {
    const comparison = { ...trends, total: 0, categoryCounts: [], stateCounts: [], rangeStart: '2025-01-01', rangeEnd: '2025-03-01' };
    const none = { difference: 800, percent: null, tooFew: true };
    setup('/trends?compare=year', {
      'GET /api/trends': {
        body: {
          ...trends,
          compare: 'year',
          comparison,
          changes: {
            total: { ...none, difference: 12345 },
            categories: [],
            states: [{ state: 'TX', count: 800, comparisonCount: 0, change: none }],
          },
        },
      },
    });
    expect(
      await screen.findByText('Nothing to compare with: Jan 1, 2025 to Mar 1, 2025 (the same period a year earlier) holds no bookings.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Compare with') as HTMLSelectElement).value).toBe('year');
    await screen.findByRole('list', { name: 'Top 2 states by bookings' });
    expect(screen.queryByText(/Comparison period/)).toBeNull();
    expect(screen.queryByText(/^\+[\d,]+, too few bookings to call a trend/)).toBeNull();
    expect(screen.queryAllByText(/^vs/)).toHaveLength(0);
  });

  test('with a comparison, the cards, states and vendors show both figures and the change, a small one without a percentage', async () => {
    const change = (difference: number, percent: number | null, tooFew: boolean) => ({ difference, percent, tooFew });
    const comparison = { ...trends, total: 11000, categoryCounts: trends.categoryCounts.slice(0, 9), days: 60 };
    setup('/trends', {
      'GET /api/trends': {
        body: {
          ...trends,
          comparison,
          compare: 'previous',
          summaryChange: {
            ...trends.summaryChange,
            basis: 'comparison',
            count: 12345,
            comparisonCount: 11000,
            days: 60,
            comparisonDays: 60,
            change: change(1345, 12.2, false),
          },
          changes: {
            total: change(1345, 12.2, false),
            categories: [{ name: 'Category 1', count: 1000, comparisonCount: 900, change: change(100, 11.1, false) }],
            states: [
              { state: 'TX', count: 800, comparisonCount: 700, change: change(100, 14.3, false) },
              { state: 'CA', count: 700, comparisonCount: 15, change: change(685, null, true) },
            ],
          },
        },
      },
    });
    const total = (await screen.findByText('Total Demos')).parentElement!;
    expect(total.textContent).toContain('Comparison period: 11,000, change +1,345 (+12.2%)');
    // The comparison's change only: not the last 30 days' as well (issue 77).
    expect(total.textContent).not.toContain('30 days');
    expect(within(total).getByText('+1,345 (+12.2%)')).toBeTruthy();
    // The panels below the summary come in a render of their own.
    const states = await screen.findByRole('list', { name: 'Top 2 states by bookings' });
    // A compact change: the words for screen readers, the key once under the list.
    expect(within(states).getByText('+14.3%')).toBeTruthy();
    expect(within(states).getByText(', too few bookings to call a trend')).toBeTruthy();
    expect(screen.getByText(/^\* too few bookings to call a trend/)).toBeTruthy();

    const vendorsPanel = screen.getByRole('region', { name: 'Top Vendors' });
    const link = await within(vendorsPanel).findByRole('link', { name: 'Casefile Bolt' });
    expect(link.getAttribute('href')).toBe('/vendors/3');
    expect(within(vendorsPanel).queryByRole('link', { name: 'Nobody Co' })).toBeNull();
    expect(within(vendorsPanel).getByText('75.0%')).toBeTruthy();
    expect(within(vendorsPanel).getByText('+10 (+50.0%)')).toBeTruthy();
    expect(within(vendorsPanel).getByText('+3, too few bookings to call a trend')).toBeTruthy();
  });

  test('Compare with, the bucket size, stacking and the category go into the address and the calls', async () => {
    const { location, requests } = setup('/trends?start=2026-01-01&end=2026-03-01');
    const compare = (await screen.findByLabelText('Compare with')) as HTMLSelectElement;
    fireEvent.change(compare, { target: { value: 'year' } });
    await waitFor(() => expect(requests('/api/trends').at(-1)?.get('compare')).toBe('year'));
    expect(location.history?.at(-1)).toContain('compare=year');

    await userEvent.click(await screen.findByRole('radio', { name: 'Week' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Stack by category' }));
    // (The last call may be one asked ahead, for another bucket size: look for the one shown.)
    await waitFor(() =>
      expect(requests('/api/trends').some((query) => query.get('stackBy') === 'category' && query.get('granularity') === 'week')).toBe(
        true,
      ),
    );

    fireEvent.change(within(screen.getByRole('region', { name: 'Top Vendors' })).getByLabelText('Category'), { target: { value: '7' } });
    await waitFor(() => expect(requests('/api/trends/vendors').at(-1)?.get('categoryId')).toBe('7'));
    expect(requests('/api/trends/vendors').at(-1)?.get('compare')).toBe('year');
    expect(Object.fromEntries(new URLSearchParams(location.history?.at(-1)?.split('?')[1]))).toEqual({
      start: '2026-01-01',
      end: '2026-03-01',
      compare: 'year',
      granularity: 'week',
      stackBy: 'category',
      categoryId: '7',
    });

    // Custom dates are asked for only once both are set.
    fireEvent.change(compare, { target: { value: 'custom' } });
    expect(await screen.findByText('Pick both dates to compare with.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Compare from'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('Compare to'), { target: { value: '2025-02-28' } });
    await waitFor(() => expect(requests('/api/trends').at(-1)?.get('compareEnd')).toBe('2025-02-28'));
    expect(requests('/api/trends').every((query) => query.get('compare') !== 'custom' || query.get('compareStart'))).toBe(true);
  });

  test("a panel's Download CSV asks the API for that panel under the same query", async () => {
    const { requests } = setup('/trends?state=TX&compare=year');
    const categories = await screen.findByRole('region', { name: 'Bookings by Category' });
    await userEvent.click(within(categories).getByRole('button', { name: 'Download CSV of Bookings by Category' }));
    await waitFor(() => expect(requests('/api/trends').some((query) => query.get('format') === 'csv')).toBe(true));
    const csv = requests('/api/trends').find((query) => query.get('format') === 'csv')!;
    expect(Object.fromEntries(csv)).toEqual({ state: 'TX', compare: 'year', format: 'csv', panel: 'categories' });
  });
});
