import { formatDate } from '@/lib/format';

/** "Nov 22, 2026" from an RFC 3339 time or a YYYY-MM-DD day (read as UTC). */
export function formatDay(value: string): string {
  return formatDate(value);
}

/** "Stage 2: Intake", or the category's label for one outside the stages. */
export function groupTitle(group: { stage?: number | null; categoryLabel: string }): string {
  return group.stage ? `Stage ${group.stage}: ${group.categoryLabel}` : group.categoryLabel;
}
