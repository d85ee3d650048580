import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { questionnairePath } from '@/config/links';
import type { Trends } from '@/lib/api/types';
import { useUser } from '@/lib/auth';
import { categoriesQueryOptions, findCategoryByName, useCategories } from '@/lib/categories';
import { useCoalescedValue } from '@/lib/use-coalesced-value';
import { usePageParams } from '@/lib/use-page-params';

import { parseAnalysis, type TrendsAnalysis } from '../api/analysis';
import { askAheadCategoryVendors, askAheadOtherGranularities } from '../api/ask-ahead';
import { demoBookingsCsvUrl, trendsCsvUrl, trendVendorsCsvUrl } from '../api/csv-urls';
import { filtersFrom, isDateRangeInverted, type TrendsFilters } from '../api/filters';
import { BOOKINGS_PAGE_SIZE, pageFrom, useDemoBookings } from '../api/get-demo-bookings';
import { useTrends } from '../api/get-trends';
import { useTrendVendors } from '../api/get-trend-vendors';

import { CategoryBarChart } from './category-bar-chart';
import { CompareControl, rangeText } from './compare-control';
import { GeographicDistribution } from './geographic-distribution';
import { DownloadCsvButton } from './download-csv-button';
import { RecentBookingsTable } from './recent-bookings-table';
import { RemoveSampleDataButton } from './remove-sample-data-button';
import { SampleDataBanner } from './sample-data-banner';
import { SampleDataSwitch } from './sample-data-switch';
import { SavedViewsMenu } from './saved-views-menu';
import { SeriesPanel } from './series-panel';
import { StatCards } from './stat-cards';
import { TrendsFilterBar } from './trends-filter-bar';
import { VendorsPanel } from './vendors-panel';

const resetParams = { dma: undefined, state: undefined, firmSize: undefined, start: undefined, end: undefined, page: undefined };

function useFilterParams() {
  const { get, setParams } = usePageParams();
  const dma = get('dma');
  const state = get('state');
  const firmSize = get('firmSize');
  const start = get('start');
  const end = get('end');
  const includeSample = get('includeSample');
  const filters = useMemo<TrendsFilters>(
    () => filtersFrom((name) => ({ dma, state, firmSize, start, end, includeSample })[name]),
    [dma, state, firmSize, start, end, includeSample],
  );
  const page = pageFrom(get);
  const compare = get('compare');
  const compareStart = get('compareStart');
  const compareEnd = get('compareEnd');
  const granularity = get('granularity');
  const stackBy = get('stackBy');
  const categoryId = get('categoryId');
  const analysis = useMemo<TrendsAnalysis>(
    () => parseAnalysis((name) => ({ compare, compareStart, compareEnd, granularity, stackBy, categoryId })[name]),
    [compare, compareStart, compareEnd, granularity, stackBy, categoryId],
  );
  return { filters, analysis, page, setParams };
}

/**
 * The answer's comparison and series, the absent ones as null. A comparison period without a
 * single booking is shown as none (the control says so): "vs 0" on every row says nothing.
 */
const comparisonOf = (trends: Trends) => {
  const comparison = trends.comparison && trends.comparison.total > 0 ? trends.comparison : null;
  return {
    comparison,
    changes: comparison ? (trends.changes ?? null) : null,
    series: trends.series,
    stacks: trends.stacks ?? null,
    compare: trends.compare,
    // The answer's own bucket size: while a new one loads, the chart keeps naming what it shows.
    granularity: trends.granularity,
  };
};

/** /trends: demo-booking analytics under one set of filters kept in the address. */
export function TrendsPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { filters, analysis, page, setParams } = useFilterParams();
  const [drilledState, setDrilledState] = useState<string | null>(null);
  const isAdmin = useUser().data?.isAdmin ?? false;

  // Queries follow a change at once, and the changes that follow it within 300 ms together, 300 ms
  // after the last (issue 81); a date typed by hand waits for its pause. An inverted range keeps the
  // last valid filters on screen while the bar says what is wrong.
  const [typed, setTyped] = useState(false);
  const coalesced = useCoalescedValue(filters, { delayMs: 300, waitForPause: typed });
  const lastValid = useRef<TrendsFilters>(coalesced);
  if (!isDateRangeInverted(coalesced)) lastValid.current = coalesced;
  const applied = lastValid.current;
  const appliedAnalysis = useCoalescedValue(analysis, { delayMs: 300, waitForPause: typed });

  const offset = (page - 1) * BOOKINGS_PAGE_SIZE;
  const trends = useTrends(applied, appliedAnalysis);
  const vendors = useTrendVendors(applied, appliedAnalysis);
  const catalog = useCategories();
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

  // Once the answer on screen is in, the likely next step is asked for ahead: the other bucket sizes.
  const answered = trends.isSuccess && !trends.isPlaceholderData && !trends.isFetching;
  useEffect(() => {
    if (answered) askAheadOtherGranularities(queryClient, applied, appliedAnalysis);
  }, [answered, queryClient, applied, appliedAnalysis]);

  const changeFilters = (updates: Partial<TrendsFilters>, typedByHand = false) => {
    setTyped(typedByHand);
    setParams({ ...updates, page: undefined }, { replace: true });
  };
  const changeAnalysis = (updates: Partial<TrendsAnalysis>, typedByHand = false) => {
    setTyped(typedByHand);
    setParams(updates, { replace: true });
  };
  const answer = trends.data ? comparisonOf(trends.data) : null;
  // The summary and the category bars paint first; the series, vendors, bookings and map panels
  // follow in a render of their own, so the first figures do not wait for the whole page.
  const restShown = useDeferredValue(answer !== null);
  const comparisonLabel = answer?.comparison
    ? (rangeText(answer.comparison.rangeStart, answer.comparison.rangeEnd) ?? undefined)
    : undefined;

  const openCategory = async (name: string) => {
    try {
      const categories = await queryClient.fetchQuery(categoriesQueryOptions());
      const category = findCategoryByName(categories, name);
      if (category) navigate(questionnairePath(category.id));
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
      <TrendsFilterBar
        filters={filters}
        onChange={changeFilters}
        onReset={() => {
          setTyped(false);
          setParams(resetParams, { replace: true });
        }}
      />
      <CompareControl
        analysis={analysis}
        onChange={changeAnalysis}
        periods={
          trends.data?.comparison
            ? {
                compare: trends.data.compare,
                rangeStart: trends.data.rangeStart,
                rangeEnd: trends.data.rangeEnd,
                comparisonStart: trends.data.comparison.rangeStart,
                comparisonEnd: trends.data.comparison.rangeEnd,
              }
            : null
        }
        answered={
          trends.data
            ? {
                compare: trends.data.compare,
                hasPeriod: Boolean(trends.data.rangeStart),
                comparisonEmpty: trends.data.comparison?.total === 0,
              }
            : null
        }
      />

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

      {trends.data && answer ? (
        <div className="space-y-6" aria-busy={trends.isFetching}>
          <section aria-label="Summary" className="space-y-2">
            <StatCards trends={trends.data} comparison={answer.comparison} changes={answer.changes} />
            <div className="flex justify-end">
              <DownloadCsvButton
                what="the summary"
                url={trendsCsvUrl(applied, appliedAnalysis, 'summary')}
                fallbackName="trends-summary.csv"
              />
            </div>
          </section>
          <CategoryBarChart
            categories={trends.data.categoryCounts}
            changes={answer.changes?.categories}
            rangeStart={trends.data.rangeStart}
            rangeEnd={trends.data.rangeEnd}
            sample={trends.data.sampleCount > 0}
            csvUrl={trendsCsvUrl(applied, appliedAnalysis, 'categories')}
            onSelect={(name) => void openCategory(name)}
          />
          {restShown ? (
            <>
              <SeriesPanel
                series={answer.series}
                granularity={answer.granularity}
                selected={analysis.granularity ?? 'day'}
                stacks={answer.stacks}
                stacked={analysis.stackBy === 'category'}
                comparison={answer.comparison?.series ?? null}
                comparisonLabel={comparisonLabel}
                rangeStart={trends.data.rangeStart}
                rangeEnd={trends.data.rangeEnd}
                sample={trends.data.sampleCount > 0}
                csvUrl={trendsCsvUrl(applied, appliedAnalysis, 'series')}
                onGranularity={(granularity) => changeAnalysis({ granularity: granularity === 'day' ? undefined : granularity })}
                onStacked={(stacked) => changeAnalysis({ stackBy: stacked ? 'category' : undefined })}
              />
              <VendorsPanel
                categoryId={analysis.categoryId}
                onCategory={(categoryId) => changeAnalysis({ categoryId })}
                onAskAhead={(categoryIds) => askAheadCategoryVendors(queryClient, applied, appliedAnalysis, categoryIds)}
                catalog={catalog.data ?? []}
                categoryCounts={trends.data.categoryCounts}
                vendors={vendors}
                compared={answer.comparison !== null}
                csvUrl={trendVendorsCsvUrl(applied, appliedAnalysis)}
              />
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
                    csvUrl={demoBookingsCsvUrl(applied)}
                  />
                </div>
                <div className="min-w-0 xl:col-span-2">
                  <GeographicDistribution
                    stateCounts={trends.data.stateCounts}
                    changes={answer.changes?.states}
                    filters={applied}
                    csvUrl={trendsCsvUrl(applied, appliedAnalysis, 'states')}
                    selectedState={drilledState}
                    onSelectState={setDrilledState}
                  />
                </div>
              </div>
            </>
          ) : (
            <div className="min-h-96" aria-hidden="true" />
          )}
        </div>
      ) : null}
    </>
  );
}
