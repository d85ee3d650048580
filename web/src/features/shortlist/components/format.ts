import { categoryLabel } from '@/lib/stages';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Nov 22, 2026" from an RFC 3339 time or a YYYY-MM-DD day (read as UTC). */
export function formatDay(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** "Stage 2: Intake", or the category name for one outside the stages. */
export function groupTitle(group: { stage?: number | null; categoryName: string }): string {
  return group.stage ? `Stage ${group.stage}: ${categoryLabel(group.categoryName)}` : group.categoryName;
}
