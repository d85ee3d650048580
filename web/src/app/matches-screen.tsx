import { GetRecommendationsPage } from '@/features/matches/components/get-recommendations-page';
import { CoverageStrip } from '@/features/tech-stack/components/coverage-strip';
import { MyTechStackModal, openMyTechStack } from '@/features/tech-stack/components/my-tech-stack-modal';

/**
 * /matches with the My Tech Stack modal and the coverage strip of the tech-stack feature (features
 * do not import each other).
 */
export function MatchesScreen() {
  return (
    <GetRecommendationsPage onOpenTechStack={openMyTechStack} techStackModal={<MyTechStackModal />} coverageStrip={<CoverageStrip />} />
  );
}
