import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ViewOnlyNote } from '@/components/view-only-note';
import { useToast } from '@/components/ui/use-toast';
import { questionnairePath } from '@/config/links';
import { paths } from '@/config/paths';
import { getErrorMessage, withQuery } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import { useCategories } from '@/lib/categories';
import { countOf } from '@/lib/format';
import { usePageParams } from '@/lib/use-page-params';

import { useClearPicks } from '../api/clear-picks';
import { useOverview } from '../api/get-overview';
import { usePersisted } from '../api/get-persisted';
import { usePickForMe } from '../api/pick-for-me';
import { useRestorePicks } from '../api/restore-picks';
import { track } from './analytics';
import { NextStepCard } from './next-step-card';
import { pickForMeToast } from './pick-for-me-toast';
import { ProgressBanner } from './progress-banner';
import { QuestionnaireModal } from './questionnaire-modal';
import { StageAccordion } from './stage-accordion';
import { StageItem } from './stage-item';
import { cardAnchor, stageCard } from './stages';

type GetRecommendationsPageProps = {
  /** Opens the My Tech Stack modal; the app supplies it (it belongs to the tech-stack feature). */
  onOpenTechStack?: () => void;
  /** The My Tech Stack modal itself, mounted by the app. */
  techStackModal?: ReactNode;
};

/**
 * Get Recommendations (/matches): progress, the nine stages and their picks, then the categories
 * outside the stages ("Across the firm", not counted in the progress), and the questionnaire.
 */
export function GetRecommendationsPage({ onOpenTechStack, techStackModal }: GetRecommendationsPageProps = {}) {
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const { get } = usePageParams();
  const overview = useOverview();
  const categories = useCategories();
  const persisted = usePersisted();
  const pickForMe = usePickForMe();
  const clear = useClearPicks();
  const restore = useRestorePicks();
  const { canWrite } = useFirmAccess();
  // The one open stage of the accordions (its category id), or null when all are closed.
  const [openStageId, setOpenStageId] = useState<number | null>(null);

  const stageRows = overview.data?.stages ?? [];
  const otherRows = overview.data?.others ?? [];
  const rows = [...stageRows, ...otherRows];
  const picksOf = (categoryId: number | undefined) => persisted.data?.items.find((i) => i.categoryId === categoryId);
  const withPicks = (persisted.data?.items ?? []).filter((i) => i.picks.length > 0);
  const hasPicks = withPicks.length > 0;

  // ?categoryId opens the questionnaire; ?showCategory opens that category's saved picks.
  const rawCategoryId = get('categoryId');
  const questionnaireId = rawCategoryId !== undefined ? Number(rawCategoryId) : undefined;
  const questionnaireCategory = categories.data?.find((c) => c.id === questionnaireId);
  // A viewer cannot submit a questionnaire: the address that would open one shows the stages.
  const openedCategory = canWrite ? questionnaireCategory : undefined;
  const showCategory = get('showCategory');
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!categories.data || rawCategoryId === undefined) return;
    if (!questionnaireCategory && reported.current !== rawCategoryId) {
      reported.current = rawCategoryId;
      toast({ title: 'Category not found', description: `Could not find ${rawCategoryId}`, variant: 'destructive' });
      navigate(paths.matches, { replace: true });
    }
  }, [categories.data, rawCategoryId, questionnaireCategory, toast, navigate]);

  // Any category, a stage or not, can be shown; only a name no category has is "not found".
  const showPicksOf = useEffectEvent((name: string) => {
    const category = categories.data?.find((c) => c.name === name || c.label === name);
    if (!category) {
      toast({ title: 'Category not found', description: `Could not find ${name}`, variant: 'destructive' });
      return;
    }
    setOpenStageId(category.id);
    void persisted.refetch();
    const row = rows.find((r) => r.categoryId === category.id);
    const card = row ? stageCard(row) : stageCard({ categoryName: category.name, categoryLabel: category.label });
    requestAnimationFrame(() => document.getElementById(cardAnchor(card, category.id))?.scrollIntoView({ block: 'nearest' }));
  });
  // Once per showCategory, when the categories and the overview are in.
  const loaded = categories.data !== undefined && overview.data !== undefined;
  useEffect(() => {
    if (showCategory && loaded) showPicksOf(showCategory);
  }, [showCategory, loaded]);

  const openQuestionnaire = (categoryId: number) => {
    track('questionnaire_open', { categoryId });
    navigate(questionnairePath(categoryId));
  };

  // Categories whose picks the firm's own questionnaires produced: Pick For Me asks before
  // replacing them.
  const answered = (persisted.data?.items ?? []).filter((i) => i.source === 'questionnaire' && i.picks.length > 0);
  const [askReplace, setAskReplace] = useState(false);

  const onPickForMe = () => {
    track('pick_for_me_click');
    if (answered.length > 0) setAskReplace(true);
    else runPickForMe(false);
  };

  const runPickForMe = (replaceQuestionnaire: boolean) => {
    setAskReplace(false);
    const refresh = hasPicks;
    pickForMe.mutate(
      { replaceQuestionnaire },
      {
        // The server says whether the evidence changed since the picks it replaced: the toast
        // claims fresh data only then.
        onSuccess: (data) => toast(pickForMeToast(data)),
        onError: (error) => {
          console.error(error);
          toast({ title: refresh ? 'Failed to refresh recommendations' : 'Failed to load recommendations', variant: 'destructive' });
        },
      },
    );
  };

  // "Clear picks" asks first, and the toast after it offers Undo (the server kept the picks).
  const [askClear, setAskClear] = useState(false);
  const closeClear = () => {
    setAskClear(false);
    clear.reset();
  };

  const onUndoClear = () =>
    restore.mutate(undefined, {
      onSuccess: (done) =>
        toast({
          title:
            done.restored.length > 0 ? `Picks restored in ${countOf(done.restored.length, 'category', 'categories')}` : 'No picks restored',
          description:
            done.keptNewer.length > 0 ? `${joinNames(done.keptNewer.map((c) => c.categoryLabel))} kept the picks made since.` : undefined,
        }),
      onError: (error) =>
        toast({
          title: 'The picks could not be restored',
          description: getErrorMessage(error, 'Failed to restore the picks. Please try again.'),
          variant: 'destructive',
        }),
    });

  const onClear = () => {
    const cleared = withPicks.length;
    clear.mutate(undefined, {
      onSuccess: () => {
        closeClear();
        setOpenStageId(null);
        toast({
          title: 'Recommendations cleared',
          description: `The picks in ${countOf(cleared, 'category', 'categories')} are cleared.`,
          action: {
            label: 'Undo',
            altText: 'Undo: bring the cleared picks back. Press F8 to reach this button.',
            onAction: onUndoClear,
          },
        });
      },
    });
  };

  const onContinue = () => {
    const next = stageRows.find((s) => s.status !== 'completed');
    if (!next) return;
    setOpenStageId(next.categoryId);
    requestAnimationFrame(() => document.getElementById(`stage-${next.stage}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Get Recommendations"
        description="Tailored vendor picks for each stage of a personal-injury case, with the reasons behind each one."
        actions={
          canWrite ? (
            <>
              {hasPicks ? (
                <Button variant="ghost" onClick={() => setAskClear(true)} disabled={clear.isPending || restore.isPending}>
                  Clear picks
                </Button>
              ) : null}
              {onOpenTechStack ? (
                <Button variant="outline" onClick={onOpenTechStack}>
                  My Tech Stack
                </Button>
              ) : null}
              {/* Whether to ask before replacing questionnaire picks needs the saved picks: until
                  they are in, a click could not ask. */}
              <Button onClick={onPickForMe} disabled={pickForMe.isPending || persisted.isPending}>
                {pickForMe.isPending ? 'Loading...' : 'Pick For Me'}
              </Button>
            </>
          ) : null
        }
      />
      <ViewOnlyNote />

      {persisted.data?.staleNote ? (
        <div
          role="note"
          className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{persisted.data.staleNote}</p>
          {canWrite ? (
            <Button size="sm" variant="outline" className="shrink-0" onClick={onPickForMe} disabled={pickForMe.isPending}>
              {pickForMe.isPending ? 'Refreshing...' : 'Refresh picks'}
            </Button>
          ) : null}
        </div>
      ) : null}

      {persisted.data?.fallbackNote ? (
        <p role="note" className="mb-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          {persisted.data.fallbackNote}
        </p>
      ) : null}

      {overview.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your stages..." />
        </div>
      ) : overview.isError ? (
        <Alert>Failed to load your recommendations. Please reload the page.</Alert>
      ) : (
        <>
          <ProgressBanner overview={overview.data} onContinue={onContinue} />
          <NextStepCard step={overview.data.nextStep} />
          {persisted.isError ? <Alert>Failed to load your saved picks.</Alert> : null}
          <section aria-labelledby="case-stages">
            <h2 id="case-stages" className="mb-3 text-lg font-semibold text-slate-900">
              Stages of a case
            </h2>
            <StageAccordion openId={openStageId} onOpenIdChange={setOpenStageId} className="space-y-3">
              {stageRows.map((row) => (
                <StageItem
                  key={row.categoryId}
                  stage={stageCard(row)}
                  categoryId={row.categoryId}
                  open={openStageId === row.categoryId}
                  status={row.status}
                  picks={picksOf(row.categoryId)}
                  onGetRecommendation={openQuestionnaire}
                />
              ))}
            </StageAccordion>
          </section>
          {otherRows.length > 0 ? (
            <section aria-labelledby="across-the-firm" className="mt-10">
              <h2 id="across-the-firm" className="text-lg font-semibold text-slate-900">
                Across the firm
              </h2>
              <p className="mt-1 mb-4 text-sm text-slate-600">
                Tools that serve the whole firm rather than one stage of a case. They are not counted in the stage progress.
              </p>
              <StageAccordion openId={openStageId} onOpenIdChange={setOpenStageId} className="space-y-3">
                {otherRows.map((row) => (
                  <StageItem
                    key={row.categoryId}
                    stage={stageCard(row)}
                    categoryId={row.categoryId}
                    open={openStageId === row.categoryId}
                    status={row.status}
                    picks={picksOf(row.categoryId)}
                    onGetRecommendation={openQuestionnaire}
                  />
                ))}
              </StageAccordion>
            </section>
          ) : null}
        </>
      )}

      {openedCategory ? (
        <QuestionnaireModal
          categoryId={openedCategory.id}
          categoryLabel={openedCategory.label}
          onClose={() => navigate(paths.matches)}
          onDone={() => navigate(withQuery(paths.matches, { showCategory: openedCategory.name }))}
        />
      ) : null}
      {canWrite ? techStackModal : null}
      <ConfirmDialog
        open={askClear}
        onOpenChange={(open) => (open ? setAskClear(true) : closeClear())}
        title={`Clear the picks in ${withPicks.length === 1 ? '' : 'all '}${countOf(withPicks.length, 'category', 'categories')}?`}
        confirmLabel="Clear picks"
        pendingLabel="Clearing..."
        destructive
        pending={clear.isPending}
        error={clear.isError ? getErrorMessage(clear.error, 'Failed to clear recommendations. Please try again.') : null}
        onConfirm={onClear}
      >
        <p>
          Every category's picks leave this page, including those your questionnaires chose. Your answers and past recommendations stay, and
          Undo in the message that follows brings the picks back.
        </p>
      </ConfirmDialog>
      <Modal
        open={askReplace}
        onOpenChange={setAskReplace}
        title={`Replace the picks from your ${joinNames(answered.map((i) => i.categoryLabel))} questionnaire${answered.length > 1 ? 's' : ''}?`}
        description="Pick For Me fills every other category. Your questionnaire answers chose these picks; replacing them cannot be undone."
        footer={
          <>
            <Button variant="outline" onClick={() => runPickForMe(false)}>
              Keep them
            </Button>
            <Button onClick={() => runPickForMe(true)}>Replace them</Button>
          </>
        }
      >
        <ul className="space-y-1 text-sm text-slate-700">
          {answered.map((i) => (
            <li key={i.categoryId}>
              <span className="font-medium text-slate-900">{i.categoryLabel}:</span> {i.picks.map((p) => p.name).join(', ')}
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}

/** "Intake", "Intake and Medical Records", "Intake, Medical Records and Demand". */
function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
