import { Link } from 'wouter';

import { paths } from '@/config/paths';
import type { Coverage } from '@/lib/api/types';

import { comparedWith, headline } from '../coverage';

import { CoverageGroup } from './coverage-group';
import { linkClasses } from './styles';

/** The coverage map once loaded: the headline, then the stages and the other categories. */
export function CoverageBody({ coverage }: { coverage: Coverage }) {
  const unanswered = coverage.headline.stagesUnanswered;
  return (
    <>
      <p className="mt-1 font-medium text-slate-900">{headline(coverage)}</p>
      {unanswered > 0 ? (
        <p className="text-sm text-slate-600">{unanswered === 1 ? '1 stage is' : `${unanswered} stages are`} not answered yet.</p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        {comparedWith(coverage)}{' '}
        {!coverage.firmSize ? (
          <Link href={paths.profile} className={linkClasses}>
            Set your firm size in Profile
          </Link>
        ) : null}
      </p>
      <CoverageGroup title="Stages of a case" items={coverage.stages} coverage={coverage} />
      {coverage.others.length > 0 ? <CoverageGroup title="Across the firm" items={coverage.others} coverage={coverage} /> : null}
    </>
  );
}
