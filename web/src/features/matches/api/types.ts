/** The shapes the recommendation calls answer with (see src/recommend on the server). */

import type { Vendor } from '@/lib/vendor';

export type { Vendor };

export type Pick = {
  vendorId: number;
  name: string;
  logoUrl: string | null;
  reason: string;
  websiteUrl: string | null;
  bookingUrl: string | null;
  priceBracket: number | null;
};

export type StagePicks = {
  categoryId: number;
  categoryName: string;
  /** The litigation stage (1-9); null for a category outside the stages ("Across the firm"). */
  stage: number | null;
  picks: Pick[];
  /** Which data the picks rest on, when it is not the firm's own size group. */
  note: string | null;
  source: 'questionnaire' | 'pick_for_me';
  usedSizeFallback: boolean;
};

export type PersistedPicks = {
  items: StagePicks[];
  usedAnySizeFallback: boolean;
  /** For the whole page: the widest fallback any category's picks used, or null. */
  fallbackNote: string | null;
  /** Some picks were ranked by fit alone: no real booking had been imported. */
  rankedWithoutBookings: boolean;
};

export type StageStatus = 'completed' | 'in_progress' | 'not_started';

export type CategoryOverview = {
  stage: number | null;
  categoryId: number;
  categoryName: string;
  status: StageStatus;
  picks: number;
};

export type Overview = {
  stagesCompleted: number;
  totalStages: number;
  stages: CategoryOverview[];
  /** The categories outside the nine stages, never counted in the progress. */
  others: CategoryOverview[];
};

export type Question = {
  id: number;
  prompt: string;
  fieldType: 'SINGLE' | 'MULTI';
  options: string[];
};

export type Factor = {
  factor: string;
  label: string;
  points: number;
  maxPoints: number;
  detail: string;
};

export type RankedVendor = {
  vendor: Vendor;
  score: number;
  rank: number;
  matchedTags: string[];
  missingTags: string[];
  reasons: string[];
  breakdown: Factor[];
  alreadyUsed: boolean;
};

export type ComputeResult = { vendors: RankedVendor[]; peerGroup: string };
