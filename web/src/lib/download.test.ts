import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-client';
import { barsLayout, chartFileName, downloadFromApi, filenameFromContentDisposition } from './download';

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

describe('downloadFromApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("saves the answer under the server's file name", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('Report,Vendors\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="trends-vendors.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    expect(await downloadFromApi('/api/trends/vendors?format=csv', 'fallback.csv')).toBe('trends-vendors.csv');
    expect(fetchMock).toHaveBeenCalledWith('/api/trends/vendors?format=csv', expect.objectContaining({ credentials: 'include' }));
    expect(clicked).toEqual(['trends-vendors.csv']);
    click.mockRestore();
  });

  it("throws the server's message when it refuses, and saves nothing", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: 'Unknown category id 99: pick a category from the list' }, { status: 400 }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const error = await downloadFromApi('/api/trends/vendors?categoryId=99&format=csv', 'x.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Unknown category id 99: pick a category from the list');
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('barsLayout', () => {
  // 7 px a character: a stand-in for the canvas's measureText.
  const measure = (text: string) => text.length * 7;

  it('makes room for the longest value and its change, so nothing is cut', () => {
    const rows = [
      { label: 'Intake', value: 6932, note: 'vs 6,699: +233 (+18.0%)' },
      { label: 'Case Setup & Document Drafting', value: 12, note: 'vs 9: +3 (too few bookings to call a trend)' },
    ];
    const formatValue = (n: number) => n.toLocaleString('en-US');
    const layout = barsLayout(rows, measure, { formatValue });
    for (const row of rows) {
      expect(measure(row.label)).toBeLessThan(layout.labelWidth);
      // The longest bar, then 8 px, then the value text: inside the image.
      const valueText = `${formatValue(row.value)}  ${row.note}`;
      expect(layout.labelWidth + layout.barSpace + 8 + measure(valueText)).toBeLessThanOrEqual(layout.width);
    }
    expect(layout.width).toBe(layout.labelWidth + layout.barSpace + layout.valueWidth);
  });

  it('keeps the image at its width when the texts are short, and grows it when they are long', () => {
    expect(barsLayout([{ label: 'A', value: 1 }], measure).width).toBe(720);
    const long = barsLayout([{ label: 'L'.repeat(60), value: 1, note: 'n'.repeat(60) }], measure);
    expect(long.barSpace).toBe(160);
    expect(long.width).toBeGreaterThan(720);
  });
});
