import { formatDate, formatDateTime } from '@/lib/format';

/** "Nov 23, 2026". */
export const formatDay = (value: string): string => formatDate(value);

export { formatDateTime };

/** When a member was last seen: "Not signed in" without an open session, else how long ago. */
export function formatLastActive(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return 'Not signed in';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return formatDay(value);
}
