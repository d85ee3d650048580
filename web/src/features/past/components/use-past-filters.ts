import { useCallback, useMemo } from 'react';

import { parseCategoryIds, parsePage } from '@/lib/address-filters';
import type { Category } from '@/lib/api/types';
import { usePageParams } from '@/lib/use-page-params';

export type PastFilters = {
  categoryIds: number[];
  page: number;
  /** The "Dismissed" filter: the dismissed vendors instead of the history (`show=dismissed`). */
  dismissed: boolean;
  /** The address holds values that had to be dropped (unknown or junk ids, a bad page). */
  needsCleaning: boolean;
};

/**
 * The history's state, read from the address (categoryIds, page) and written back to it, as
 * /vendors does: junk is ignored, category ids are checked against `categories` once those are
 * known, and `cleanAddress` rewrites the address without what was dropped.
 */
export function usePastFilters(categories: Category[] | undefined) {
  const { get, getList, setParams } = usePageParams();

  const filters = useMemo<PastFilters>(() => {
    const rawIds = getList('categoryIds');
    const known = categories ? new Set(categories.map((c) => c.id)) : null;
    const categoryIds = parseCategoryIds(rawIds, known);
    const rawShow = get('show');
    const rawPage = get('page');
    const page = parsePage(rawPage);
    return {
      categoryIds,
      page,
      dismissed: rawShow === 'dismissed',
      needsCleaning:
        (known !== null && rawIds.length !== categoryIds.length) ||
        (rawShow !== undefined && rawShow !== 'dismissed') ||
        (rawPage !== undefined && (String(page) !== rawPage || page === 1)),
    };
  }, [get, getList, categories]);

  /** A category change goes back to page 1. */
  const setCategoryIds = useCallback((categoryIds: number[]) => setParams({ categoryIds, page: undefined }), [setParams]);

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => setParams({ page: page <= 1 ? undefined : page }, options),
    [setParams],
  );

  /** The dismissed list is not paged: switching goes back to page 1. */
  const setDismissed = useCallback(
    (dismissed: boolean) => setParams({ show: dismissed ? 'dismissed' : undefined, page: undefined }),
    [setParams],
  );

  /** Rewrites the address without the junk it held, replacing the history entry. */
  const cleanAddress = useCallback(() => {
    setParams(
      {
        categoryIds: filters.categoryIds,
        page: filters.page === 1 ? undefined : filters.page,
        show: filters.dismissed ? 'dismissed' : undefined,
      },
      { replace: true },
    );
  }, [setParams, filters]);

  return { filters, setCategoryIds, setPage, setDismissed, cleanAddress };
}
