import * as Accordion from '@radix-ui/react-accordion';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { vendorsInCategoryPath } from '@/config/links';
import type { StagePicks, StageStatus } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { cn } from '@/lib/cn';

import { track } from './analytics';
import { PickCard } from './pick-card';
import { cardAnchor, statusLabels, type StageDef } from './stages';
import { TieGroup } from './tie-group';

type StageItemProps = {
  stage: StageDef;
  categoryId: number | undefined;
  /** Whether this card is the accordion's open one. */
  open: boolean;
  status: StageStatus;
  picks: StagePicks | undefined;
  onGetRecommendation: (categoryId: number) => void;
};

const statusClasses: Record<StageStatus, string> = {
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  in_progress: 'bg-amber-50 text-amber-800 ring-amber-200',
  not_started: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/**
 * One card of a {@link StageAccordion}: number (or, for a category outside the stages, an icon),
 * title, blurb, status; opened, its picks.
 */
export function StageItem({ stage, categoryId, open, status, picks, onGetRecommendation }: StageItemProps) {
  const anchor = cardAnchor(stage, categoryId);
  const titleId = `${anchor}-title`;
  const shown = (picks?.picks ?? []).slice(0, 3);
  const { canWrite } = useFirmAccess();

  return (
    <Accordion.Item value={categoryId === undefined ? `no-category-${anchor}` : String(categoryId)} asChild>
      <section id={anchor} className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <Accordion.Header>
          <Accordion.Trigger
            onClick={() => {
              if (!open && categoryId !== undefined) track('stage_open', { stage: stage.number ?? stage.categoryName });
            }}
            className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:gap-4 sm:px-5 sm:py-4"
          >
            <span
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                status === 'completed' ? 'bg-emerald-600 text-white' : 'bg-indigo-50 text-indigo-700',
              )}
              aria-hidden="true"
            >
              {stage.number ?? <Icon name="building" className="h-4 w-4" />}
            </span>
            <span className="min-w-0 flex-1">
              <span id={titleId} className="block font-semibold text-slate-900">
                {stage.title}
              </span>
              <span className="block text-sm text-slate-500">{stage.blurb}</span>
            </span>
            <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', statusClasses[status])}>
              {statusLabels[status]}
            </span>
            <svg
              viewBox="0 0 24 24"
              className={cn('h-5 w-5 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')}
              aria-hidden="true"
            >
              <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Accordion.Trigger>
        </Accordion.Header>
        {categoryId !== undefined ? (
          // The panel is named by the stage's title alone, not the whole header (blurb and status).
          <Accordion.Content aria-labelledby={titleId} className="space-y-4 border-t border-slate-100 px-4 py-4 sm:px-5">
            <div className="flex flex-wrap items-center gap-3">
              {canWrite ? (
                <Button size="sm" onClick={() => onGetRecommendation(categoryId)}>
                  Get Recommendation
                </Button>
              ) : null}
              <Link
                href={vendorsInCategoryPath(categoryId)}
                className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
              >
                Browse all {stage.title} vendors
              </Link>
            </div>
            {picks?.note || picks?.tieNote ? (
              <div role="note" className="space-y-1 rounded-lg border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
                {picks.note ? <p>{picks.note}</p> : null}
                {picks.tieNote ? (
                  <p id={`${anchor}-tie`} className="font-medium">
                    {picks.tieNote}
                  </p>
                ) : null}
                {picks.tieNote && picks.tieGroup ? <TieGroup group={picks.tieGroup} labelledBy={`${anchor}-tie`} /> : null}
              </div>
            ) : null}
            {shown.length > 0 ? (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((pick) => (
                  <PickCard key={pick.vendorId} pick={pick} />
                ))}
              </div>
            ) : (
              <p className="text-sm text-slate-500">
                {canWrite
                  ? 'Run Pick For Me or complete the questionnaire to see tailored picks.'
                  : 'Your firm has no picks for this stage yet.'}
              </p>
            )}
          </Accordion.Content>
        ) : null}
      </section>
    </Accordion.Item>
  );
}
