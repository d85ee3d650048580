import { useState } from 'react';

import { GetRecommendationsPage } from '@/features/matches/components/get-recommendations-page';
import { MyTechStackModal } from '@/features/tech-stack/components/my-tech-stack-modal';

/**
 * /matches with the My Tech Stack modal of the tech-stack feature (features do not import each
 * other). The coverage is in the progress banner: one progress figure on the page, with the full
 * map on /tech-stack.
 */
export function MatchesScreen() {
  const [techStackOpen, setTechStackOpen] = useState(false);
  return (
    <GetRecommendationsPage
      onOpenTechStack={() => setTechStackOpen(true)}
      techStackModal={<MyTechStackModal open={techStackOpen} onOpenChange={setTechStackOpen} />}
    />
  );
}
