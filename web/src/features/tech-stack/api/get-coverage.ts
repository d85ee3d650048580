import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FirmSize } from '@/lib/enums';

/** A count about other firms as the server lets it be shown: under 5 it is "fewer than 5". */
export type ShownCount = { count: number | null; text: string };

/** One stage or category of the coverage map. */
export type CoverageItem = {
  categoryId: number;
  categoryName: string;
  /** 1-9, null for the categories outside the stages. */
  stage: number | null;
  /** The firm's answer: has a tool, none, or not answered (null). */
  hasTool: boolean | null;
  /** Percent of other firms of its size that have a tool; null when fewer than 5 answered. */
  peerShare: number | null;
};

/** GET /api/profile/coverage. */
export type Coverage = {
  firmSize: FirmSize | null;
  sizeSource: 'profile' | 'onboarding' | 'unknown';
  /** Other firms of that size with a saved tech stack; null when the size is unknown. */
  peerFirms: ShownCount | null;
  headline: { stagesCovered: number; stagesUnanswered: number; stageCount: number; usualStages: number | null };
  stages: CoverageItem[];
  others: CoverageItem[];
};

export const coverageQueryKey = ['coverage'] as const;

export function getCoverage(): Promise<Coverage> {
  return api.get('/api/profile/coverage');
}

export const coverageQueryOptions = () => queryOptions({ queryKey: coverageQueryKey, queryFn: getCoverage });

export function useCoverage() {
  return useQuery(coverageQueryOptions());
}
