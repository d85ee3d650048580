import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ShortlistEntry } from '@/lib/shortlist';

export type BriefVendor = ShortlistEntry & {
  /** The vendor's integrations that name a tool in the firm's tech stack. */
  integrationsWithStack: string[];
};

export type BriefGroup = {
  categoryId: number;
  categoryName: string;
  stage: number | null;
  /** The firm's answers to the category's latest questionnaire; empty if never answered. */
  criteria: { question: string; answers: string[] }[];
  criteriaAnsweredAt: string | null;
  vendors: BriefVendor[];
};

export type Brief = {
  firmName: string;
  /** YYYY-MM-DD. */
  preparedOn: string;
  groups: BriefGroup[];
};

/** The CSV download of the same brief. */
export const briefCsvUrl = '/api/shortlist/brief.csv';

export function getBrief(): Promise<Brief> {
  return api.get('/api/shortlist/brief');
}

export const briefQueryOptions = () => queryOptions({ queryKey: ['shortlist', 'brief'], queryFn: getBrief });

export function useBrief() {
  return useQuery(briefQueryOptions());
}
