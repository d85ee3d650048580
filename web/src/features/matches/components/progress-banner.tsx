import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { Overview } from '@/lib/api/types';

type ProgressBannerProps = {
  overview: Overview;
  onContinue: () => void;
};

/** "for 1 stage", "for 3 stages". */
const stagesPhrase = (n: number) => `${n} ${n === 1 ? 'stage' : 'stages'}`;

/**
 * The page's one progress figure: "X of Y stages completed" (a tool in the tech stack or a final
 * decision), the share through the lifecycle and "Continue to next stage"; under it, what the firm
 * has, what is in progress and, from 5 firms up, what firms of its size usually have.
 */
export function ProgressBanner({ overview, onContinue }: ProgressBannerProps) {
  const { stagesCompleted: completed, totalStages: total, stagesInProgress: inProgress, stagesWithTool: withTool, usualStages } = overview;
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  const facts = [
    `Your tech stack has tools for ${stagesPhrase(withTool)}`,
    `${stagesPhrase(inProgress)} in progress`,
    usualStages != null ? `firms your size usually have tools for ${stagesPhrase(usualStages)}` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <section aria-label="Progress" className="mb-6 rounded-xl border border-indigo-100 bg-indigo-50/60 p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-slate-900">
            {completed} of {total} stages completed
          </p>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-indigo-700">{percent}%</span> through your litigation lifecycle
          </p>
        </div>
        {completed < total ? (
          <Button size="sm" variant="outline" className="self-start sm:self-auto" onClick={onContinue}>
            Continue to next stage
          </Button>
        ) : null}
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-white ring-1 ring-indigo-100"
        role="progressbar"
        aria-label="Stages completed"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-3 text-sm text-slate-700">{facts.join('; ')}.</p>
      <p className="mt-1 text-xs text-slate-600">
        A stage is completed when your tech stack has a tool for it or a decision on it is final; picks, a shortlist, an evaluation or an
        open decision put it in progress.{' '}
        <Link href={paths.techStack} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          See the coverage map
        </Link>
      </p>
    </section>
  );
}
