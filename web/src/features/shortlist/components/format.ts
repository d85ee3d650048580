import { categoryLabel } from '@/lib/stages';
import { formatDate } from '@/lib/format';

/** "Nov 22, 2026" from an RFC 3339 time or a YYYY-MM-DD day (read as UTC). */
export function formatDay(value: string): string {
  return formatDate(value);
}

/** "Stage 2: Intake", or the category name for one outside the stages. */
export function groupTitle(group: { stage?: number | null; categoryName: string }): string {
  return group.stage ? `Stage ${group.stage}: ${categoryLabel(group.categoryName)}` : group.categoryName;
}
