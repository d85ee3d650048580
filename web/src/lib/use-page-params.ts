import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

import { buildQueryString, type QueryValue } from './api-client';

export type PageParamUpdates = Record<string, QueryValue>;
export type SetPageParamsOptions = {
  /** Replace the current history entry instead of pushing a new one (typing, debounced filters). */
  replace?: boolean;
};

export type PageParams = {
  /** The current query string, parsed. */
  params: URLSearchParams;
  /** One value, or undefined when absent or empty. */
  get: (name: string) => string | undefined;
  /** A comma-separated list value, split; [] when absent. */
  getList: (name: string) => string[];
  /**
   * Merges `updates` into the query string of the current path. An empty value (undefined,
   * null, '', []) removes the key, so defaults stay out of the address.
   */
  setParams: (updates: PageParamUpdates, options?: SetPageParamsOptions) => void;
};

/** Screen state kept in the address (filters, page, open modal), over wouter's `useSearch`. */
export function usePageParams(): PageParams {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);

  const get = useCallback((name: string) => params.get(name) || undefined, [params]);
  const getList = useCallback(
    (name: string) =>
      (params.get(name) ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    [params],
  );

  const setParams = useCallback(
    (updates: PageParamUpdates, options: SetPageParamsOptions = {}) => {
      const next: Record<string, QueryValue> = Object.fromEntries(params.entries());
      Object.assign(next, updates);
      const query = buildQueryString(next);
      navigate(query ? `${location}?${query}` : location, { replace: options.replace ?? false });
    },
    [params, location, navigate],
  );

  return { params, get, getList, setParams };
}
