import { describe, expect, it } from 'vitest';

import { chartFileName, filenameFromContentDisposition } from './download';

describe('filenameFromContentDisposition', () => {
  it('reads the quoted, bare and extended forms', () => {
    expect(filenameFromContentDisposition('attachment; filename="trends-summary-2026-01-01-to-2026-03-31.csv"')).toBe(
      'trends-summary-2026-01-01-to-2026-03-31.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=vendors.csv')).toBe('vendors.csv');
    expect(filenameFromContentDisposition(`attachment; filename="plain.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv');
    expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it('answers null without a name and never a path', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
  });
});

describe('chartFileName', () => {
  it('names a chart image by its chart and range', () => {
    expect(chartFileName('Series', '2026-01-01', '2026-03-31')).toBe('trends-series-2026-01-01-to-2026-03-31.png');
    expect(chartFileName('Bookings by Category', null, null)).toBe('trends-bookings-by-category.png');
  });
});
