import { withQuery } from '@/lib/api-client';

import { fillPath, paths } from './paths';

/*
 * The app's links that carry a value (an id, a query), each built from its route pattern in
 * `paths`. Kept apart from paths.ts, which the sign-in screen loads first (e2e/first-screen.e2e.ts
 * holds its JavaScript to a budget): only the screens that link load these.
 */

/** The profile of one vendor: /vendors/42. */
export const vendorProfilePath = (id: number | string) => fillPath(paths.vendorProfile, { id });

/** A category's evaluation: /evaluations/3. */
export const evaluationPath = (categoryId: number | string) => fillPath(paths.evaluation, { categoryId });

/** One decision: /decisions/7. */
export const decisionPath = (id: number | string) => fillPath(paths.decision, { id });

/** Browse Vendors filtered to one category: /vendors?categoryIds=3. */
export const vendorsInCategoryPath = (categoryId: number) => withQuery(paths.vendors, { categoryIds: categoryId });

/** The proposal form for a category: /decisions/new?category=3. */
export const newDecisionPath = (categoryId: number | string) => withQuery(paths.decisionNew, { category: categoryId });

/** A category's questionnaire on Get Recommendations: /matches?categoryId=3. */
export const questionnairePath = (categoryId: number) => withQuery(paths.matches, { categoryId });

/** The side-by-side comparison of the vendors, in the order given: /compare?ids=3,1,2. */
export const comparePath = (ids: readonly number[]) => withQuery(paths.compare, { ids });

/** A tool's contract on /tech-stack, its dialog open: /tech-stack?contract=42#renewals-heading. */
export const contractPath = (vendorId: number) => `${withQuery(paths.techStack, { contract: vendorId })}#renewals-heading`;
