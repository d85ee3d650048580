import { useEffect, useEffectEvent, useRef, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ViewOnlyNote } from '@/components/view-only-note';
import { inputClasses } from '@/components/ui/text-field';
import { PartnerExplainer } from '@/components/vendor-card/partner-explainer';
import { getErrorMessage } from '@/lib/api-client';
import type { VendorSort } from '@/lib/api/types';
import { useCategories } from '@/lib/categories';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useVendors } from '../api/get-vendors';
import { CategoryChips } from './category-chips';
import { SecurityFilters } from './security-filters';
import { sortOptions, useVendorFilters } from './use-vendor-filters';
import { VendorCard } from './vendor-card';
import { VendorCardSkeleton } from './vendor-card-skeleton';
import { VendorsPagination } from './vendors-pagination';

const SKELETONS = 12;

export function BrowseVendorsPage() {
  const categories = useCategories();
  const { filters, setFilter, setPage, clearFilters, cleanAddress } = useVendorFilters(categories.data);
  const vendors = useVendors(
    {
      categoryIds: filters.categoryIds,
      q: filters.q.trim(),
      sort: filters.sort,
      page: filters.page,
      includeInactive: filters.includeInactive,
      security: filters.security,
    },
    // Category ids in the address are checked against the real list before asking.
    { enabled: categories.isSuccess },
  );

  // The search box: typed text, sent to the address 300 ms after typing stops.
  const [searchText, setSearchText] = useState(filters.q);
  const debouncedSearch = useDebouncedValue(searchText, 300);
  const lastSent = useRef(filters.q);
  // Only a settled change of the text is sent, so the effect runs on `debouncedSearch` alone.
  const sendSearch = useEffectEvent((q: string) => {
    if (q.trim() === lastSent.current.trim()) return;
    lastSent.current = q;
    setFilter({ q });
  });
  useEffect(() => sendSearch(debouncedSearch), [debouncedSearch]);
  // Back, Forward or Clear filters changed the address: the box follows it.
  useEffect(() => {
    if (filters.q.trim() !== lastSent.current.trim()) {
      lastSent.current = filters.q;
      setSearchText(filters.q);
    }
  }, [filters.q]);

  // Junk in the address (unknown category ids, an unknown sort, page=abc) is dropped from it.
  useEffect(() => {
    if (categories.isSuccess && filters.needsCleaning) cleanAddress();
  }, [categories.isSuccess, filters.needsCleaning, cleanAddress]);

  // A page past the end was clamped by the server: the address says where we really are.
  const servedPage = vendors.data && !vendors.isPlaceholderData ? vendors.data.page : undefined;
  useEffect(() => {
    if (servedPage !== undefined && servedPage !== filters.page) setPage(servedPage, { replace: true });
  }, [servedPage, filters.page, setPage]);

  const goToPage = (page: number) => {
    setPage(page);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const data = vendors.data;
  const loading = !data && (vendors.isPending || categories.isPending) && !vendors.isError && !categories.isError;
  const error = categories.error ?? vendors.error;

  return (
    <div>
      <PageHeader
        title="Browse Vendors"
        description="Explore legal-technology vendors by category, compare what they offer and schedule a meeting."
      />
      <ViewOnlyNote />

      <section aria-label="Filters" className="space-y-4">
        {categories.data ? (
          <CategoryChips
            categories={categories.data}
            selected={filters.categoryIds}
            onChange={(categoryIds) => setFilter({ categoryIds })}
          />
        ) : null}
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="flex-1">
            <label htmlFor="vendor-search" className="sr-only">
              Search vendors
            </label>
            <input
              id="vendor-search"
              type="search"
              placeholder="Search vendors..."
              maxLength={200}
              autoComplete="off"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              className={cn(inputClasses, 'h-10 border-slate-300')}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <span className="whitespace-nowrap">Sort by</span>
              <select
                value={filters.sort}
                onChange={(e) => setFilter({ sort: e.target.value as VendorSort })}
                className={cn(inputClasses, 'h-10 w-auto border-slate-300 pr-8')}
              >
                {sortOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={filters.includeInactive}
                onChange={(e) => setFilter({ includeInactive: e.target.checked })}
                className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
              />
              Show inactive vendors
            </label>
            {filters.active ? (
              <Button variant="ghost" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
          </div>
        </div>
        <SecurityFilters selected={filters.security} onChange={(security) => setFilter({ security })} />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-500">
          <p>
            {filters.sort !== 'partner_first'
              ? 'Sorted by name. Partner status never hides a vendor or changes which vendors match.'
              : data?.partnerCount === 0
                ? 'No vendor has a partner status yet, so they are sorted by name.'
                : 'Partners First: partner order (Gold, Silver, Bronze), then all other vendors; each group by name.'}
          </p>
          <PartnerExplainer />
        </div>
      </section>

      <div className="mt-6" aria-busy={loading || vendors.isFetching}>
        {error ? (
          <Alert>{getErrorMessage(error, 'Failed to load vendors. Please try again.')}</Alert>
        ) : loading ? (
          <div role="status" aria-label="Loading vendors" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: SKELETONS }, (_, i) => (
              <VendorCardSkeleton key={i} />
            ))}
          </div>
        ) : data && data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <h2 className="text-lg font-semibold text-slate-900">No vendors found</h2>
            <p className="mt-2 text-sm text-slate-600">
              {filters.active
                ? 'No vendors match your current filters. Try clearing some filters.'
                : 'No vendors are available at the moment.'}
            </p>
          </div>
        ) : data ? (
          <>
            {/* Names the results for screen readers, so the cards' h3 names sit under an h2. */}
            <h2 className="sr-only">Vendors</h2>
            <ul
              aria-label="Vendors"
              className={cn(
                'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
                vendors.isPlaceholderData && 'opacity-60 transition-opacity',
              )}
            >
              {data.items.map((vendor) => (
                <li key={vendor.id}>
                  <VendorCard vendor={vendor} />
                </li>
              ))}
            </ul>
            <VendorsPagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              totalPages={data.totalPages}
              onPage={goToPage}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
