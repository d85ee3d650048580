// One formatter for every count: `toLocaleString('en-US')` builds a new one per call, which was the
// largest single cost of re-rendering /trends after a filter change (issue 81: 17-24 ms of it).
const countFormat = new Intl.NumberFormat('en-US');

/**
 * Numbers and dates as the product writes them everywhere, in US English, the locale of every
 * text in the app: "36,835", "Nov 22, 2026", "Nov 2026". Screens format through these, never
 * by hand, so a count or a date reads the same on every screen.
 */
export const formatCount = (n: number) => countFormat.format(n);

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$1,200": whole US dollars. */
export const formatDollars = (n: number) => wholeDollars.format(n);

/** "1 row" / "9 rows": the count formatted, the noun agreeing with it. */
export const countOf = (n: number, singular: string, plural = `${singular}s`) => `${formatCount(n)} ${n === 1 ? singular : plural}`;

/**
 * A figure about other firms as the server shows it (`ShownCount`): its number formatted
 * ("1,008"), or the server's words when it is hidden ("fewer than 5").
 */
export const formatShown = (count: { text: string; value?: number | null }) =>
  count.value != null ? formatCount(count.value) : count.text;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})(?:-\d{2})?$/;
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * "Nov 22, 2026". A YYYY-MM-DD day is read from its text (no time zone can move it to the day
 * before); an RFC 3339 time is the day it was where the reader is. Unreadable text is returned
 * as it came, empty stays empty.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = DAY.exec(value);
  if (day) {
    const month = MONTHS[Number(day[2]) - 1];
    return month && Number(day[3]) >= 1 && Number(day[3]) <= 31 ? `${month} ${Number(day[3])}, ${day[1]}` : value;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** "Nov 22, 2026, 3:04 PM", in the reader's own time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timeFormat.format(date);
}

/** "Nov 2026" from a YYYY-MM month or a YYYY-MM-DD day, read from the text; null otherwise. */
export function formatMonth(value: string | null | undefined): string | null {
  const match = MONTH.exec(value ?? '');
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : null;
}
