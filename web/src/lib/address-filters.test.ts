import { describe, expect, it } from 'vitest';

import { parseCategoryIds, parsePage } from './address-filters';

describe('address filters', () => {
  it('keeps distinct id-like category ids, and only known ones once the categories are known', () => {
    expect(parseCategoryIds(['3', 'x', '3', '-1', '12345678901', '7'], null)).toEqual([3, 7]);
    expect(parseCategoryIds(['3', '7'], new Set([7]))).toEqual([7]);
  });

  it('reads a page from 1 and falls back to 1 for anything else', () => {
    expect(parsePage('4')).toBe(4);
    for (const raw of [undefined, '', '0', '-2', 'abc', '1.5', '12345678901']) expect(parsePage(raw)).toBe(1);
  });
});
