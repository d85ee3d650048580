import { describe, expect, it } from 'vitest';

import { demoBookingsCsvUrl, trendCitiesCsvUrl, trendsCsvUrl, trendVendorsCsvUrl } from './csv-urls';

const filters = { state: 'TX', start: '2026-01-01', end: '2026-03-31', includeSample: true };

describe('the CSV download addresses', () => {
  it('ask /api/trends for one panel under the same query as the screen', () => {
    expect(trendsCsvUrl(filters, { compare: 'year', granularity: 'week', stackBy: 'category', categoryId: 3 }, 'series')).toBe(
      '/api/trends?state=TX&start=2026-01-01&end=2026-03-31&includeSample=true&compare=year&granularity=week&stackBy=category&format=csv&panel=series',
    );
    expect(trendsCsvUrl({}, {}, 'summary')).toBe('/api/trends?format=csv&panel=summary');
  });

  it('compare nothing while custom dates are incomplete, as the screen does', () => {
    expect(trendsCsvUrl({}, { compare: 'custom', compareStart: '2025-01-01' }, 'states')).toBe(
      '/api/trends?compare=none&format=csv&panel=states',
    );
    expect(trendsCsvUrl({}, { compare: 'custom', compareStart: '2025-01-01', compareEnd: '2025-03-31' }, 'states')).toBe(
      '/api/trends?compare=custom&compareStart=2025-01-01&compareEnd=2025-03-31&format=csv&panel=states',
    );
  });

  it('ask the vendors, cities and bookings for their own panels', () => {
    expect(trendVendorsCsvUrl(filters, { compare: 'year', categoryId: 7, granularity: 'month' })).toBe(
      '/api/trends/vendors?state=TX&start=2026-01-01&end=2026-03-31&includeSample=true&compare=year&categoryId=7&format=csv',
    );
    expect(trendCitiesCsvUrl('CA', { state: 'TX', dma: 'Los Angeles' })).toBe(
      '/api/trends/cities?dma=Los Angeles&state=CA&format=csv'.replace(' ', '%20'),
    );
    // Every matching booking, not the page on screen: no limit, no offset.
    expect(demoBookingsCsvUrl({ firmSize: 'SOLO', includeSample: true })).toBe(
      '/api/demo-bookings?firmSize=SOLO&includeSample=true&format=csv',
    );
  });
});
