import { lazy, Suspense } from 'react';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ViewOnlyNote } from '@/components/view-only-note';
import { useFirmAccess, useUser } from '@/lib/auth';

import { LoadError } from './load-error';
import { RenewalsSection } from './renewals-section';
import { TechStackForm } from './tech-stack-form';
import { TechStackSummary } from './tech-stack-summary';
import { useTechStackEditor } from './use-tech-stack-editor';

// Loaded with the page's data, not with the app's first screen.
const CoverageMap = lazy(() => import('./coverage-map').then((module) => ({ default: module.CoverageMap })));

/**
 * /tech-stack: the firm's coverage map, then its tools per category, saved with "Save Tech Stack".
 * A viewer reads the tools as text.
 */
export function TechStackPage() {
  const editor = useTechStackEditor();
  const { query } = editor;
  const { canWrite, canManage } = useFirmAccess();
  const you = useUser().data?.id;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Tech Stack"
        description="Tell us what legal technology tools you currently use. We use it to recommend tools that fit with them."
      />
      <ViewOnlyNote />
      <Suspense fallback={null}>
        <CoverageMap />
      </Suspense>
      {query.isPending ? (
        <div className="py-16 text-center">
          <Spinner label="Loading your tech stack..." />
        </div>
      ) : query.isError ? (
        <LoadError
          action={
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : !canWrite ? (
        <>
          <RenewalsSection items={editor.items} canWrite={false} canManage={false} you={you} />
          <TechStackSummary items={editor.items} headingLevel={2} />
        </>
      ) : (
        <>
          <RenewalsSection items={editor.items} canWrite canManage={canManage} you={you} />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              editor.submit();
            }}
          >
            <TechStackForm
              items={editor.items}
              value={editor.draft}
              onChange={editor.setCategory}
              disabled={editor.saving}
              headingLevel={2}
            />
            <div className="sticky bottom-0 z-10 -mx-4 mt-6 sm:bottom-3 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-white/95 sm:px-5 sm:shadow-sm">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-slate-600" aria-live="polite">
                  {editor.answered === editor.total
                    ? 'Every category is answered.'
                    : `${editor.answered} of ${editor.total} categories answered. Save keeps the ones answered; the others stay open.`}
                </p>
                <Button type="submit" size="lg" disabled={!editor.canSave}>
                  {editor.saving ? 'Saving...' : 'Save Tech Stack'}
                </Button>
              </div>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
