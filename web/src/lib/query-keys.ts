/**
 * The query keys more than one feature reads or refreshes; a key only its own feature uses stays
 * in that feature's api/ files. Each is a prefix: invalidating it refreshes every query under it.
 */
export const queryKeys = {
  me: ['auth', 'me'],
  /** Whether the signed-in person has two-step sign-in on: Profile sets it up, Firm's export asks for a code. */
  mfa: ['auth', 'mfa'],
  categories: ['categories'],
  /** The directory, the admin list, vendor profiles and their evidence. */
  vendors: ['vendors'],
  /** Everything under /api/recommendations: the picks and the stage overview. */
  recommendations: ['recommendations'],
  recommendationsOverview: ['recommendations', 'overview'],
  pastRecommendations: ['past-recommendations'],
  dismissed: ['dismissed-vendors'],
  shortlist: ['shortlist'],
  /** The firm's tech stack and its coverage map: a chosen vendor can be added from a card. */
  techStack: ['category-adoption'],
  coverage: ['coverage'],
  /** The dashboard's reads, all changed by an import or the sample removal. */
  trends: ['trends'],
  demoBookings: ['demo-bookings'],
  trendCities: ['trend-cities'],
  filterOptions: ['filter-options'],
} as const;
