import { beforeEach, describe, expect, it } from 'vitest';

import { addToCompare, clearCompare, compareSelection, isCompared, removeFromCompare } from './compare-selection';

describe('compare selection', () => {
  beforeEach(() => clearCompare());

  it('holds up to four vendors and refuses a fifth', () => {
    for (let id = 1; id <= 4; id++) expect(addToCompare({ id, name: `V${id}` })).toBe('added');
    expect(addToCompare({ id: 5, name: 'V5' })).toBe('full');
    expect(compareSelection.value.map((v) => v.id)).toEqual([1, 2, 3, 4]);
    expect(isCompared(5)).toBe(false);
  });

  it('adds a vendor once, removes one and clears, keeping the session copy in step', () => {
    addToCompare({ id: 7, name: 'Seven' });
    expect(addToCompare({ id: 7, name: 'Seven' })).toBe('already');
    addToCompare({ id: 9, name: 'Nine' });
    removeFromCompare(7);
    expect(compareSelection.value).toEqual([{ id: 9, name: 'Nine' }]);
    expect(JSON.parse(sessionStorage.getItem('litstack.compare')!)).toEqual([{ id: 9, name: 'Nine' }]);
    clearCompare();
    expect(compareSelection.value).toEqual([]);
  });
});
