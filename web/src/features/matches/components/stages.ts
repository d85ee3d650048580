import type { StageStatus } from '@/lib/api/types';

/**
 * A card of the recommendations page: one of the nine litigation stages (SPEC "Get
 * Recommendations"), or, with `number` null, a category that serves the whole firm.
 */
export type StageDef = { number: number | null; title: string; categoryName: string; blurb: string };

/** Blurbs of the nine stages, by stage number (SPEC "Get Recommendations"); the titles are the API's labels. */
const stageBlurbs: Record<number, string> = {
  1: 'Bring in qualified cases.',
  2: 'Screen and sign clients.',
  3: 'Templates and automation.',
  4: 'Collect records efficiently.',
  5: 'Chronologies & demand packages.',
  6: 'Scheduling, realtime, transcripts.',
  7: 'Exhibits and trial boards.',
  8: 'Liens and payouts.',
  9: 'Flexible legal staffing.',
};

export const statusLabels: Record<StageStatus, string> = {
  completed: 'Completed',
  in_progress: 'In Progress',
  not_started: 'Not Started',
};

/** Blurbs of the categories outside the stages, shown under "Across the firm". */
const acrossTheFirmBlurbs: Record<string, string> = {
  'Practice Management': 'Matters, calendars and billing in one place.',
  'Document Management': 'Store, find and share case files.',
  'Marketing Services': 'Websites, ads and reviews.',
  'E-Discovery': 'Collect, review and produce evidence.',
  'Financial Management': 'Accounting, trust and firm finances.',
};

/**
 * The card of a category as the overview answers it: a stage titled with its label (the spec's
 * stage title) and its blurb, or, without a stage, a card of "Across the firm".
 */
export function stageCard(row: { stage?: number | null; categoryName: string; categoryLabel: string }): StageDef {
  const number = row.stage ?? null;
  const blurb = number !== null ? (stageBlurbs[number] ?? '') : (acrossTheFirmBlurbs[row.categoryName] ?? 'Tools for the whole firm.');
  return { number, title: row.categoryLabel, categoryName: row.categoryName, blurb };
}

/** The element id of a card, for scrolling to it. */
export function cardAnchor(stage: StageDef, categoryId: number | undefined): string {
  return stage.number !== null ? `stage-${stage.number}` : `category-${categoryId ?? 'unknown'}`;
}
