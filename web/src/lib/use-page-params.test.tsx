import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';

import { usePageParams } from './use-page-params';

function setup(path: string) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  return { location, ...renderHook(() => usePageParams(), { wrapper }) };
}

describe('usePageParams', () => {
  it('reads values and comma lists from the address', () => {
    const { result } = setup('/vendors?categoryIds=1,4&q=intake');
    expect(result.current.get('q')).toBe('intake');
    expect(result.current.get('sort')).toBeUndefined();
    expect(result.current.getList('categoryIds')).toEqual(['1', '4']);
  });

  it('merges updates, drops empty values, and pushes or replaces', () => {
    const { result, location } = setup('/vendors?q=intake&page=3');
    act(() => result.current.setParams({ categoryIds: [2, 5], page: null }));
    expect(location.history?.at(-1)).toBe('/vendors?q=intake&categoryIds=2,5');
    expect(location.history).toHaveLength(2);

    act(() => result.current.setParams({ q: '' }, { replace: true }));
    expect(location.history?.at(-1)).toBe('/vendors?categoryIds=2,5');
    expect(location.history).toHaveLength(2);
  });
});
