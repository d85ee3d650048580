/** The nine litigation stages of the recommendations page, in order (SPEC "Get Recommendations"). */
export type StageDef = { number: number; title: string; categoryName: string; blurb: string };

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

export const statusLabels = {
  completed: 'Completed',
  in_progress: 'In Progress',
  not_started: 'Not Started',
} as const;

export const NEIGHBOUR_FALLBACK_NOTE =
  'Note: Recommendations include data from similar firm sizes due to limited data for your exact size.';
