import { useCallback, useMemo } from 'react';

import { parseCategoryIds, parsePage } from '@/lib/address-filters';
import type { Category, VendorSort } from '@/lib/api/types';
import { optionsOf } from '@/lib/options';
import { usePageParams } from '@/lib/use-page-params';

/** The directory's orders; the operator's vendor screen has its own (no booking link first). */
export const sortOptions = optionsOf<Exclude<VendorSort, 'no_booking_first'>>({
  name_asc: 'Name A-Z',
  name_desc: 'Name Z-A',
  partner_first: 'Partners First',
});

const isSort = (value: string | undefined): value is VendorSort => sortOptions.some((o) => o.value === value);

/** The security facts Browse filters by (the API's `security` codes), in the order shown. */
export const securityOptions = optionsOf<SecurityCode>({
  baa: 'Signs a BAA',
  soc2: 'SOC 2 Type II',
  sso: 'Single sign-on',
});
export type SecurityCode = 'baa' | 'soc2' | 'sso';
const isSecurity = (value: string): value is SecurityCode => securityOptions.some((o) => o.value === value);

export type VendorFilters = {
  categoryIds: number[];
  q: string;
  sort: VendorSort;
  page: number;
  includeInactive: boolean;
  /** Security facts a vendor must state. */
  security: SecurityCode[];
  /** Categories, search, security facts or inactive vendors are narrowing or widening the list. */
  active: boolean;
  /** The address holds values that had to be dropped (junk ids, unknown sort, bad page). */
  needsCleaning: boolean;
};

/**
 * The directory's state, read from the address (categoryIds, q, sort, page, includeInactive,
 * security) and
 * written back to it, so Back and Forward restore it. Junk in the address is ignored; category
 * ids are checked against `categories` once those are known.
 */
export function useVendorFilters(categories: Category[] | undefined) {
  const { get, getList, setParams } = usePageParams();

  const filters = useMemo<VendorFilters>(() => {
    const rawIds = getList('categoryIds');
    const known = categories ? new Set(categories.map((c) => c.id)) : null;
    const categoryIds = parseCategoryIds(rawIds, known);
    const rawSort = get('sort');
    const sort = isSort(rawSort) ? rawSort : 'name_asc';
    const rawPage = get('page');
    const page = parsePage(rawPage);
    const rawInactive = get('includeInactive');
    const includeInactive = rawInactive === 'true';
    const q = (get('q') ?? '').slice(0, 200);
    const rawSecurity = getList('security');
    const security = securityOptions.map((o) => o.value).filter((code) => rawSecurity.includes(code));
    return {
      categoryIds,
      q,
      sort,
      page,
      includeInactive,
      security,
      active: categoryIds.length > 0 || q.trim() !== '' || includeInactive || security.length > 0,
      needsCleaning:
        (known !== null && rawIds.length !== categoryIds.length) ||
        (rawSort !== undefined && rawSort !== sort) ||
        rawSort === 'name_asc' ||
        (rawPage !== undefined && String(page) !== rawPage) ||
        rawPage === '1' ||
        (rawInactive !== undefined && !includeInactive) ||
        rawSecurity.length !== security.length ||
        rawSecurity.some((code) => !isSecurity(code)),
    };
  }, [get, getList, categories]);

  /** Any filter change goes back to page 1. */
  const setFilter = useCallback(
    (updates: { categoryIds?: number[]; q?: string; sort?: VendorSort; includeInactive?: boolean; security?: SecurityCode[] }) => {
      const next: Record<string, string | number[] | undefined> = { page: undefined };
      if (updates.categoryIds) next.categoryIds = updates.categoryIds;
      if (updates.q !== undefined) next.q = updates.q.trim();
      if (updates.sort) next.sort = updates.sort === 'name_asc' ? undefined : updates.sort;
      if (updates.includeInactive !== undefined) next.includeInactive = updates.includeInactive ? 'true' : undefined;
      if (updates.security) next.security = updates.security.length > 0 ? updates.security.join(',') : undefined;
      setParams(next);
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => setParams({ page: page <= 1 ? undefined : page }, options),
    [setParams],
  );

  const clearFilters = useCallback(
    () => setParams({ categoryIds: undefined, q: undefined, includeInactive: undefined, security: undefined, page: undefined }),
    [setParams],
  );

  /** Rewrites the address without the junk it held, replacing the history entry. */
  const cleanAddress = useCallback(() => {
    setParams(
      {
        categoryIds: filters.categoryIds,
        sort: filters.sort === 'name_asc' ? undefined : filters.sort,
        page: filters.page === 1 ? undefined : filters.page,
        includeInactive: filters.includeInactive ? 'true' : undefined,
        security: filters.security.length > 0 ? filters.security.join(',') : undefined,
      },
      { replace: true },
    );
  }, [setParams, filters]);

  return { filters, setFilter, setPage, clearFilters, cleanAddress };
}
