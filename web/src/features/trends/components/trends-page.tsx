import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { categoriesQueryOptions, findCategoryByName } from '@/lib/categories';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePageParams } from '@/lib/use-page-params';

import { filterNames, isDateRangeInverted, parseIncludeSample, type TrendsFilters } from '../api/filters';
import { BOOKINGS_PAGE_SIZE, useDemoBookings } from '../api/get-demo-bookings';
import { useTrends } from '../api/get-trends';

import { CategoryBarChart } from './category-bar-chart';
import { GeographicDistribution } from './geographic-distribution';
import { Panel } from './panel';
import { RecentBookingsTable } from './recent-bookings-table';
import { RemoveSampleDataButton } from './remove-sample-data-button';
import { SampleDataBanner } from './sample-data-banner';
import { SampleDataSwitch } from './sample-data-switch';
import { SavedViewsMenu } from './saved-views-menu';
import { StatCards } from './stat-cards';
import { TrendsFilterBar } from './trends-filter-bar';

// uPlot is only needed here: load it with the chart, not with the app.
const BookingsPerDayChart = lazy(() => import('./bookings-per-day-chart').then((module) => ({ default: module.BookingsPerDayChart })));

const resetParams = { dma: undefined, state: undefined, firmSize: undefined, start: undefined, end: undefined, page: undefined };

function useFilterParams() {
  const { get, setParams } = usePageParams();
  const dma = get('dma');
  const state = get('state');
  const firmSize = get('firmSize');
  const start = get('start');
  const end = get('end');
  const includeSample = parseIncludeSample(get('includeSample'));
  const filters = useMemo<TrendsFilters>(() => {
    const all: TrendsFilters = { dma, state, firmSize, start, end };
    // Leave absent filters out, so equal filters make equal query keys.
    const set: TrendsFilters = Object.fromEntries(filterNames.filter((name) => all[name]).map((name) => [name, all[name]]));
    return includeSample === undefined ? set : { ...set, includeSample };
  }, [dma, state, firmSize, start, end, includeSample]);
  const page = Math.max(1, Number.parseInt(get('page') ?? '1', 10) || 1);
  return { filters, page, setParams };
}

/** /trends: demo-booking analytics under one set of filters kept in the address. */
export function TrendsPage() {
  useSignals();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { filters, page, setParams } = useFilterParams();
  const drilledState = useSignal<string | null>(null);
  const isAdmin = useUser().data?.isAdmin ?? false;

  // Queries follow the filters 300 ms after they stop changing; an inverted range keeps the last
  // valid filters on screen while the bar says what is wrong.
  const debounced = useDebouncedValue(filters, 300);
  const lastValid = useRef<TrendsFilters>(debounced);
  if (!isDateRangeInverted(debounced)) lastValid.current = debounced;
  const applied = lastValid.current;

  const offset = (page - 1) * BOOKINGS_PAGE_SIZE;
  const trends = useTrends(applied);
  const bookings = useDemoBookings(applied, offset);
  // A page past the end (an old link, fewer results now) moves to the last page.
  const total = bookings.data?.total;
  useEffect(() => {
    if (total !== undefined && total > 0 && offset >= total) {
      const lastPage = Math.ceil(total / BOOKINGS_PAGE_SIZE);
      setParams({ page: lastPage > 1 ? lastPage : undefined }, { replace: true });
    }
  }, [total, offset, setParams]);
  const share = trends.data;

  const changeFilters = (updates: Partial<TrendsFilters>) => setParams({ ...updates, page: undefined }, { replace: true });

  const openCategory = async (name: string) => {
    try {
      const categories = await queryClient.fetchQuery(categoriesQueryOptions());
      const category = findCategoryByName(categories, name);
      if (category) navigate(`${paths.matches}?categoryId=${category.id}`);
      else toast({ title: 'Category not found', description: `Could not find ${name}`, variant: 'destructive' });
    } catch (error) {
      toast({
        title: 'Category not found',
        description: error instanceof Error ? error.message : `Could not find ${name}`,
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <PageHeader
        title="Demo Booking Trends"
        description="Analyze legal technology demo booking patterns across categories, regions, and firm sizes."
        actions={
          <div className="flex flex-wrap items-center gap-4">
            {/* Until real bookings exist there is nothing else to show: no switch then. */}
            {share?.hasSampleData && share.hasRealData ? (
              <SampleDataSwitch
                checked={filters.includeSample ?? false}
                onChange={(checked) => setParams({ includeSample: checked ? 'true' : undefined, page: undefined }, { replace: true })}
              />
            ) : null}
            {share?.hasSampleData && isAdmin ? <RemoveSampleDataButton /> : null}
            <SavedViewsMenu />
          </div>
        }
      />
      {share && share.sampleCount > 0 ? <SampleDataBanner sampleCount={share.sampleCount} total={share.total} isAdmin={isAdmin} /> : null}
      <TrendsFilterBar filters={filters} onChange={changeFilters} onReset={() => setParams(resetParams, { replace: true })} />

      {trends.isError ? (
        <div className="mb-6">
          <Alert>Could not load the booking trends: {trends.error.message}</Alert>
        </div>
      ) : null}
      {trends.isPending && !trends.isError ? (
        <div className="py-16 text-center">
          <Spinner label="Loading trends..." />
        </div>
      ) : null}

      {trends.data ? (
        <div className="space-y-6" aria-busy={trends.isFetching}>
          <StatCards trends={trends.data} />
          <CategoryBarChart categories={trends.data.categoryCounts} onSelect={(name) => void openCategory(name)} />
          <Panel title="Bookings per Day">
            <Suspense fallback={<Spinner label="Loading chart..." />}>
              <BookingsPerDayChart daily={trends.data.daily} />
            </Suspense>
          </Panel>
          <div className="grid gap-6 xl:grid-cols-5">
            <div className="min-w-0 xl:col-span-3">
              <RecentBookingsTable
                page={bookings.data}
                offset={offset}
                isLoading={bookings.isPending}
                isFetching={bookings.isFetching}
                error={bookings.error}
                onOffsetChange={(next) => setParams({ page: next > 0 ? next / BOOKINGS_PAGE_SIZE + 1 : undefined })}
                onRefresh={() => void bookings.refetch()}
              />
            </div>
            <div className="min-w-0 xl:col-span-2">
              <GeographicDistribution
                stateCounts={trends.data.stateCounts}
                filters={applied}
                selectedState={drilledState.value}
                onSelectState={(state) => (drilledState.value = state)}
              />
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
