import { useEffect } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ViewOnlyNote } from '@/components/view-only-note';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/lib/categories';
import { cn } from '@/lib/cn';
import { useDismissed } from '@/lib/dismissals';
import { formatCount } from '@/lib/format';

import { usePastRecommendations } from '../api/get-past-recommendations';
import { DismissedList } from './dismissed-list';
import { PastRecommendationCard } from './past-recommendation-card';
import { usePastFilters } from './use-past-filters';

/**
 * Past Recommendations (/past): the user's history, filtered by category, paged in the address;
 * the "Dismissed" filter (`show=dismissed`) lists the dismissed vendors instead, each with Undo.
 * The address is normalised as on /vendors: unknown category ids are dropped and a bad or
 * out-of-range page is clamped, and the address rewritten to say so.
 */
export function PastRecommendationsPage() {
  const categories = useCategories();
  const { filters, setCategoryIds, setPage, setDismissed, cleanAddress } = usePastFilters(categories.data);
  const { categoryIds, page, dismissed } = filters;
  // Category ids in the address are checked against the real list before asking.
  const past = usePastRecommendations({ categoryIds, page }, { enabled: categories.isSuccess && !dismissed });
  const dismissals = useDismissed({ enabled: dismissed });
  const filtered = categoryIds.length > 0;

  useEffect(() => {
    if (categories.isSuccess && filters.needsCleaning) cleanAddress();
  }, [categories.isSuccess, filters.needsCleaning, cleanAddress]);

  // A page past the end was clamped by the server: the address says where we really are.
  const servedPage = past.data && !past.isPlaceholderData ? past.data.page : undefined;
  useEffect(() => {
    if (servedPage !== undefined && servedPage !== page) setPage(servedPage, { replace: true });
  }, [servedPage, page, setPage]);

  const toggle = (id: number) => setCategoryIds(categoryIds.includes(id) ? categoryIds.filter((c) => c !== id) : [...categoryIds, id]);
  const goTo = (n: number) => setPage(n);

  const data = past.data;
  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.page * data.pageSize, data.total) : 0;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Past Recommendations"
        description="Review vendors that were previously recommended to you based on your questionnaire responses."
      />
      <ViewOnlyNote />

      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Show">
        <button
          type="button"
          aria-pressed={!dismissed}
          onClick={() => setDismissed(false)}
          className={cn(chip, !dismissed ? chipOn : chipOff)}
        >
          Recommended
        </button>
        <button
          type="button"
          aria-pressed={dismissed}
          onClick={() => setDismissed(true)}
          className={cn(chip, dismissed ? chipOn : chipOff)}
        >
          Dismissed
        </button>
      </div>

      <div className="mb-6 flex flex-wrap gap-2" role="group" aria-label="Filter by category">
        <button
          type="button"
          aria-pressed={!filtered}
          onClick={() => setCategoryIds([])}
          className={cn(chip, !filtered ? chipOn : chipOff)}
        >
          All{filtered ? ` (${categoryIds.length} selected)` : ''}
        </button>
        {(categories.data ?? []).map((c) => {
          const on = categoryIds.includes(c.id);
          return (
            <button key={c.id} type="button" aria-pressed={on} onClick={() => toggle(c.id)} className={cn(chip, on ? chipOn : chipOff)}>
              {c.label}
            </button>
          );
        })}
      </div>

      {dismissed ? (
        <DismissedList categoryIds={categoryIds} query={dismissals} />
      ) : categories.isError || past.isError ? (
        <Alert>Failed to load your past recommendations. Please try again.</Alert>
      ) : past.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your past recommendations..." />
        </div>
      ) : data && data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No recommendations found</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtered
              ? 'No recommendations match your current filters.'
              : "You haven't received any vendor recommendations yet. Complete a questionnaire to get personalized recommendations."}
          </p>
        </div>
      ) : data ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.items.map((item) => (
              <PastRecommendationCard key={item.recommendationId} item={item} />
            ))}
          </div>
          {data.totalPages > 1 ? (
            <nav aria-label="Pagination" className="mt-6 flex flex-col items-center justify-between gap-3 sm:flex-row">
              <p className="text-sm text-slate-600">
                Showing {formatCount(from)} to {formatCount(to)} of {formatCount(data.total)} recommendations
              </p>
              <div className="flex items-center gap-3">
                <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => goTo(data.page - 1)}>
                  Previous
                </Button>
                <span className="text-sm text-slate-700">
                  Page {data.page} of {data.totalPages}
                </span>
                <Button variant="outline" size="sm" disabled={data.page >= data.totalPages} onClick={() => goTo(data.page + 1)}>
                  Next
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

const chip =
  'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600';

const chipOn = 'bg-indigo-600 text-white ring-indigo-600';

const chipOff = 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50';
