/**
 * Files the app hands to the person: a CSV the API writes (its name from the server's
 * Content-Disposition) and a PNG drawn from a chart's canvas.
 */
import { ApiError } from './api-client';

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266/5987) first, then
 * `filename="…"` or a bare `filename=…`; null when it names none. Path separators are dropped, so
 * the name is a name and never a folder.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^;"\s]+)/i.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1] ?? null;
  }
  const cleaned = name?.replace(/[/\\]/g, '_').trim();
  return cleaned ? cleaned : null;
}

/** Saves `blob` as a download named `name` (a link clicked for the person, then let go). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; let the page keep nothing.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads what the API answers at `url` (a CSV export) with the session cookie, named as the
 * server says (else `fallbackName`). A refusal throws an ApiError with the server's message, so
 * the screen can say why nothing was saved.
 */
export async function downloadFromApi(url: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await globalThis.fetch(url, { credentials: 'include', headers: { Accept: 'text/csv, application/json' } });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const text = await response.text();
    let serverMessage: string | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      const error = parsed && typeof parsed === 'object' ? (parsed as { error?: unknown }).error : undefined;
      serverMessage = typeof error === 'string' && error.trim() ? error : undefined;
    } catch {
      serverMessage = undefined;
    }
    throw new ApiError(response.status, serverMessage ?? `${response.status}: ${text || response.statusText}`, serverMessage);
  }
  const name = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/** "trends-series-2026-01-01-to-2026-03-31.png"; the dates left out when the range has none. */
export function chartFileName(chart: string, start: string | null | undefined, end: string | null | undefined): string {
  const slug = chart
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return start && end ? `trends-${slug}-${start}-to-${end}.png` : `trends-${slug}.png`;
}

/** The PNG of a canvas, as a Blob (null from `toBlob` is an error: the canvas was empty or tainted). */
export function canvasToPngBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be drawn as an image.'))), 'image/png');
  });
}

/** The words a chart image of sample data carries under its title. */
export const SAMPLE_DATA_NOTE = 'Sample data: generated bookings, not real demand';

/**
 * A canvas with `source` (a chart's own canvas, at its device pixels) on white under a title, an
 * optional line of notes and, for sample data, the words "Sample data" in amber: what a downloaded
 * chart image shows, since the chart's legend and heading are HTML around its canvas. The image is
 * as wide as its widest line, so no note is cut.
 */
export function framedChartCanvas(
  source: HTMLCanvasElement,
  title: string,
  notes: string[] = [],
  { sample = false }: { sample?: boolean } = {},
): HTMLCanvasElement {
  // Device pixels per CSS pixel: from the chart on screen, or the width a detached canvas was drawn for.
  const cssWidth = source.clientWidth || Number.parseFloat(source.style.width) || source.width;
  const scale = source.width / Math.max(1, cssWidth);
  const pad = Math.round(16 * scale);
  const titleSize = Math.round(16 * scale);
  const noteSize = Math.round(12 * scale);
  const lineGap = Math.round(4 * scale);
  const lines = sample ? [...notes, SAMPLE_DATA_NOTE] : notes;
  const header = pad + titleSize + lines.length * (noteSize + lineGap) + pad;
  const titleFont = `600 ${titleSize}px system-ui, sans-serif`;
  const noteFont = `${noteSize}px system-ui, sans-serif`;
  const sampleFont = `700 ${noteSize}px system-ui, sans-serif`;
  const canvas = document.createElement('canvas');
  const measuring = canvas.getContext('2d');
  if (!measuring) throw new Error('The chart could not be drawn as an image.');
  const widthOf = (text: string, font: string) => {
    measuring.font = font;
    return Math.ceil(measuring.measureText(text).width);
  };
  const widest = Math.max(
    widthOf(title, titleFont),
    ...lines.map((line) => widthOf(line, sample && line === SAMPLE_DATA_NOTE ? sampleFont : noteFont)),
  );
  canvas.width = Math.max(source.width, widest) + pad * 2;
  canvas.height = source.height + header + pad;
  // Resizing a canvas resets its drawing state: take the context again.
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The chart could not be drawn as an image.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#0f172a';
  ctx.textBaseline = 'top';
  ctx.font = titleFont;
  ctx.fillText(title, pad, pad);
  lines.forEach((line, i) => {
    const isSample = sample && i === lines.length - 1;
    ctx.fillStyle = isSample ? '#b45309' : '#475569';
    ctx.font = isSample ? sampleFont : noteFont;
    ctx.fillText(line, pad, pad + titleSize + Math.round(6 * scale) + i * (noteSize + lineGap));
  });
  ctx.drawImage(source, pad, header);
  return canvas;
}

export type BarRow = { label: string; value: number; note?: string };

/** Where the parts of a bars image go, in CSS pixels: label column, bar space, value column. */
export type BarsLayout = { labelWidth: number; barSpace: number; valueWidth: number; width: number };

/**
 * The columns of a bars image sized to their texts: every label and every value (with its note,
 * "6,932  vs 6,699: +233 (+18.0%)") measured by `measure`, so none is cut; the bars get what is
 * left of `width`, at least `minBar`, and the image grows when the texts need it.
 */
export function barsLayout(
  rows: BarRow[],
  measure: (text: string) => number,
  { width = 720, minBar = 160, formatValue = String }: { width?: number; minBar?: number; formatValue?: (n: number) => string } = {},
): BarsLayout {
  const gap = 8;
  const labelWidth = Math.ceil(Math.max(0, ...rows.map((row) => measure(row.label)))) + gap;
  const valueWidth = Math.ceil(Math.max(0, ...rows.map((row) => measure(barValueText(row, formatValue))))) + gap * 2;
  const barSpace = Math.max(minBar, width - labelWidth - valueWidth);
  return { labelWidth, barSpace, valueWidth, width: labelWidth + barSpace + valueWidth };
}

function barValueText(row: BarRow, formatValue: (n: number) => string): string {
  return `${formatValue(row.value)}${row.note ? `  ${row.note}` : ''}`;
}

const BARS_FONT = '13px system-ui, sans-serif';

/**
 * Horizontal bars drawn on a canvas, for a chart the page draws in HTML: each row's label, its
 * bar (proportional to the largest value) and its value, at `scale` device pixels per CSS pixel.
 * Labels and values are whole: the columns are as wide as their longest text (`barsLayout`).
 */
export function barsCanvas(
  rows: BarRow[],
  { width = 720, scale = 2, formatValue = String }: { width?: number; scale?: number; formatValue?: (n: number) => string } = {},
): HTMLCanvasElement {
  const rowHeight = 28;
  const canvas = document.createElement('canvas');
  const measuring = canvas.getContext('2d');
  if (!measuring) throw new Error('The chart could not be drawn as an image.');
  measuring.font = BARS_FONT;
  const layout = barsLayout(rows, (text) => measuring.measureText(text).width, { width, formatValue });
  canvas.width = layout.width * scale;
  canvas.height = Math.max(1, rows.length) * rowHeight * scale + 8 * scale;
  // The size it is drawn at, so framedChartCanvas can read the scale back.
  canvas.style.width = `${layout.width}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The chart could not be drawn as an image.');
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, layout.width, canvas.height / scale);
  const largest = rows.reduce((max, row) => Math.max(max, row.value), 0);
  ctx.textBaseline = 'middle';
  ctx.font = BARS_FONT;
  rows.forEach((row, i) => {
    const middle = 4 + i * rowHeight + rowHeight / 2;
    ctx.fillStyle = '#334155';
    ctx.fillText(row.label, 0, middle);
    const bar = largest > 0 ? Math.max(2, (row.value / largest) * layout.barSpace) : 2;
    ctx.fillStyle = '#6366f1';
    ctx.fillRect(layout.labelWidth, middle - 8, bar, 16);
    ctx.fillStyle = '#0f172a';
    ctx.fillText(barValueText(row, formatValue), layout.labelWidth + bar + 8, middle);
  });
  return canvas;
}
