import { useEffect } from 'react';
import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ViewOnlyNote } from '@/components/view-only-note';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useShortlist } from '@/lib/shortlist';
import { useFirmAccess } from '@/lib/auth';
import { usePageParams } from '@/lib/use-page-params';

import { briefCsvUrl } from '../api/get-brief';
import { ShortlistGroupSection } from './shortlist-group-section';

/** /shortlist: the vendors the firm is considering, by stage and then the other categories. */
export function ShortlistPage() {
  const shortlist = useShortlist();
  const groups = shortlist.data?.groups ?? [];
  const stages = groups.filter((g) => g.stage != null);
  const others = groups.filter((g) => g.stage == null);
  const empty = shortlist.isSuccess && groups.length === 0;
  const { canWrite } = useFirmAccess();
  useOpenOutcome(shortlist.isSuccess);

  return (
    <>
      <PageHeader
        title="Shortlist"
        description="The vendors your firm is considering: status, notes and what happened after each demo."
        actions={
          empty || !shortlist.isSuccess ? null : (
            <>
              <Link href={paths.shortlistBrief} className={buttonClasses({ size: 'sm' })}>
                Export brief
              </Link>
              <a href={briefCsvUrl} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                Download CSV
              </a>
            </>
          )
        }
      />
      <ViewOnlyNote />
      {shortlist.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your shortlist..." />
        </div>
      ) : shortlist.isError ? (
        <Alert>The shortlist could not be loaded: {getErrorMessage(shortlist.error, 'please try again.')}</Alert>
      ) : empty && !canWrite ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Your firm’s shortlist is empty.
        </p>
      ) : empty ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Your shortlist is empty. Press "Add to shortlist" on a vendor in{' '}
          <Link href={paths.vendors} className="font-medium text-indigo-700 underline">
            Browse Vendors
          </Link>{' '}
          or on your{' '}
          <Link href={paths.matches} className="font-medium text-indigo-700 underline">
            Vendor Matches
          </Link>
          .
        </p>
      ) : (
        <div className="space-y-10">
          {stages.map((group) => (
            <ShortlistGroupSection key={group.categoryId} group={group} />
          ))}
          {others.length > 0 ? (
            <div className="space-y-6">
              {stages.length > 0 ? <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Across the firm</p> : null}
              {others.map((group) => (
                <ShortlistGroupSection key={group.categoryId} group={group} />
              ))}
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}

/**
 * `/shortlist?outcome=<vendor id>` (the demo follow-up's link): once the list is there, the
 * vendor's outcome questions are scrolled to and focused.
 */
function useOpenOutcome(ready: boolean) {
  const vendor = usePageParams().get('outcome');
  useEffect(() => {
    if (!ready || !vendor || !/^\d+$/.test(vendor)) return;
    const target = document.getElementById(`outcome-${vendor}`);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, vendor]);
}
