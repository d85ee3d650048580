import type { StageStatus } from '@/lib/api/types';

/**
 * A card of the recommendations page: one of the nine litigation stages (SPEC "Get
 * Recommendations"), or, with `number` null, a category that serves the whole firm.
 */
export type StageDef = { number: number | null; title: string; categoryName: string; blurb: string };

export const stages: readonly StageDef[] = [
  { number: 1, title: 'Lead Generation', categoryName: 'Lead Generation', blurb: 'Bring in qualified cases.' },
  { number: 2, title: 'Intake', categoryName: 'Intake', blurb: 'Screen and sign clients.' },
  { number: 3, title: 'Case Setup & Document Drafting', categoryName: 'Document Drafting', blurb: 'Templates and automation.' },
  { number: 4, title: 'Medical Record Retrieval', categoryName: 'Medical Record Retrieval', blurb: 'Collect records efficiently.' },
  { number: 5, title: 'Demands & Medical Review', categoryName: 'Demands & Medical Review', blurb: 'Chronologies & demand packages.' },
  { number: 6, title: 'Depositions & Court Reporting', categoryName: 'Depositions & Court Reporting', blurb: 'Scheduling, realtime, transcripts.' },
  { number: 7, title: 'Trial Prep & Presentation', categoryName: 'Trial Support', blurb: 'Exhibits and trial boards.' },
  { number: 8, title: 'Post-Settlement / Payments', categoryName: 'Financial Services', blurb: 'Liens and payouts.' },
  { number: 9, title: 'Staffing', categoryName: 'Staffing', blurb: 'Flexible legal staffing.' },
];

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

/** The card of a category outside the nine stages. */
export function acrossTheFirmCard(categoryName: string): StageDef {
  return { number: null, title: categoryName, categoryName, blurb: acrossTheFirmBlurbs[categoryName] ?? 'Tools for the whole firm.' };
}

/** The element id of a card, for scrolling to it. */
export function cardAnchor(stage: StageDef, categoryId: number | undefined): string {
  return stage.number !== null ? `stage-${stage.number}` : `category-${categoryId ?? 'unknown'}`;
}
