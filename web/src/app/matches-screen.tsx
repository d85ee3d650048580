import { lazy, Suspense } from 'react';

import { GetRecommendationsPage } from '@/features/matches/components/get-recommendations-page';
import { MyTechStackModal, openMyTechStack } from '@/features/tech-stack/components/my-tech-stack-modal';

// /matches is the first screen: the strip comes in its own chunk, beside its data.
const CoverageStrip = lazy(() =>
  import('@/features/tech-stack/components/coverage-strip').then((module) => ({ default: module.CoverageStrip })),
);

/**
 * /matches with the My Tech Stack modal and the coverage strip of the tech-stack feature (features
 * do not import each other).
 */
export function MatchesScreen() {
  const coverageStrip = (
    <Suspense fallback={null}>
      <CoverageStrip />
    </Suspense>
  );
  return <GetRecommendationsPage onOpenTechStack={openMyTechStack} techStackModal={<MyTechStackModal />} coverageStrip={coverageStrip} />;
}
