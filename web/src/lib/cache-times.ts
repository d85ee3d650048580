/** Cache times from SPEC section 9, in milliseconds, for queries to spread into their options. */
export const cacheTimes = {
  me: { staleTime: 5 * 60_000, gcTime: 10 * 60_000 },
  onboarding: { staleTime: 5 * 60_000 },
  filterOptions: { staleTime: 5 * 60_000 },
  recommendationsOverview: { staleTime: 30_000 },
  categories: { staleTime: 60_000 },
} as const;
