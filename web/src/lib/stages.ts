/**
 * The nine stages of a case, each with its one name (SPEC "Get Recommendations": the accordion's
 * titles) and the catalog category it uses. Every screen that names a stage's category (the
 * accordion, the tech stack and its coverage, trends, the comparison, the vendor filter, the
 * brief) shows it through `categoryLabel`, so a stage reads the same everywhere.
 */
export type Stage = { number: number; name: string; categoryName: string };

export const stages: readonly Stage[] = [
  { number: 1, name: 'Lead Generation', categoryName: 'Lead Generation' },
  { number: 2, name: 'Intake', categoryName: 'Intake' },
  { number: 3, name: 'Case Setup & Document Drafting', categoryName: 'Document Drafting' },
  { number: 4, name: 'Medical Record Retrieval', categoryName: 'Medical Record Retrieval' },
  { number: 5, name: 'Demands & Medical Review', categoryName: 'Demands & Medical Review' },
  { number: 6, name: 'Depositions & Court Reporting', categoryName: 'Depositions & Court Reporting' },
  { number: 7, name: 'Trial Prep & Presentation', categoryName: 'Trial Support' },
  { number: 8, name: 'Post-Settlement / Payments', categoryName: 'Financial Services' },
  { number: 9, name: 'Staffing', categoryName: 'Staffing' },
];

const byCategory = new Map(stages.map((stage) => [stage.categoryName.toLowerCase(), stage.name]));

/**
 * What a category is called on screen: its stage's name when it is one of the nine stages
 * ("Trial Support" reads "Trial Prep & Presentation"), else its own name. Only the label: the
 * API is always sent the category's own name or id.
 */
export function categoryLabel(categoryName: string): string {
  return byCategory.get(categoryName.trim().toLowerCase()) ?? categoryName;
}
