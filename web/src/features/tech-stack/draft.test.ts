import { describe, expect, it } from 'vitest';

import type { CategoryAdoption } from '@/lib/api/types';

import {
  addOther,
  answer,
  draftFromItems,
  hasAnswersToSave,
  rebase,
  isComplete,
  toSaveItems,
  toggleVendor,
  togglePrimary,
  type CategoryDraft,
} from './draft';

const listed = [
  { id: 1, name: 'Lead Docket' },
  { id: 2, name: 'Law Ruler' },
];
const yes: CategoryDraft = { hasTool: true, vendorIds: [], primaryVendorId: null, otherVendors: [] };

const item = (id: number, name: string, hasTool: boolean | null): CategoryAdoption => ({
  category: { id, name, label: name },
  vendors: [],
  adoption: { hasTool },
  selectedVendors: [],
  otherVendors: [],
});

describe('tech-stack draft', () => {
  it('answering No clears the vendors, the primary and the other names', () => {
    const chosen = { ...yes, vendorIds: [1], primaryVendorId: 1, otherVendors: ['Homegrown'] };
    expect(answer(chosen, false)).toEqual({ hasTool: false, vendorIds: [], primaryVendorId: null, otherVendors: [] });
    expect(answer(chosen, true)).toEqual(chosen);
  });

  it('unchecking the primary clears it; the star marks and unmarks', () => {
    const one = toggleVendor(yes, 1);
    expect(togglePrimary(yes, 1)).toEqual(yes); // only a checked vendor can be primary
    const starred = togglePrimary(one, 1);
    expect(starred.primaryVendorId).toBe(1);
    expect(togglePrimary(starred, 1).primaryVendorId).toBeNull();
    expect(toggleVendor(starred, 1)).toEqual(yes);
  });

  it('adds other names trimmed, once ignoring case, a listed name as its vendor, ten at most', () => {
    let d = addOther(yes, '  MyCase ', listed);
    d = addOther(d, 'mycase', listed);
    d = addOther(d, '   ', listed);
    d = addOther(d, 'law ruler', listed);
    expect(d).toEqual({ ...yes, vendorIds: [2], otherVendors: ['MyCase'] });
    expect(addOther(yes, 'x'.repeat(95), listed).otherVendors[0]).toHaveLength(80);
    for (let n = 0; n < 12; n += 1) d = addOther(d, `Tool ${n}`, listed);
    expect(d.vendorIds.length + d.otherVendors.length).toBe(10);
    expect(toggleVendor(d, 1)).toBe(d);
  });

  it('is complete only when every category is answered, and sends only answered ones', () => {
    const items = [item(1, 'Intake', true), item(2, 'Staffing', null)];
    const draft = draftFromItems(items);
    expect(isComplete(draft, items)).toBe(false);
    expect(toSaveItems(draft, items)).toEqual([{ categoryId: 1, hasTool: true, selectedVendorIds: [], otherVendors: [] }]);
    draft[2] = answer(draft[2]!, false);
    expect(isComplete(draft, items)).toBe(true);
    expect(toSaveItems(draft, items)[1]).toEqual({ categoryId: 2, hasTool: false });
  });

  it('can save the categories answered so far, and has nothing to save until one changes', () => {
    const items = [item(1, 'Intake', null), item(2, 'Staffing', null), item(3, 'Trial Support', null)];
    const base = draftFromItems(items);
    expect(hasAnswersToSave(base, items, base)).toBe(false);
    const draft = { ...base, 2: answer(base[2]!, false) };
    expect(isComplete(draft, items)).toBe(false);
    expect(hasAnswersToSave(draft, items, base)).toBe(true);
    expect(toSaveItems(draft, items, base)).toEqual([{ categoryId: 2, hasTool: false }]);
    // Saved: the stack as loaded now has Staffing answered.
    expect(hasAnswersToSave(draft, items, draft)).toBe(false);
  });

  it('sends only the categories changed since the stack was loaded', () => {
    const items = [item(1, 'Intake', true), item(2, 'Staffing', false)];
    const base = draftFromItems(items);
    const draft = { ...base, 2: answer(base[2]!, true) };
    expect(toSaveItems(draft, items, base).map((i) => i.categoryId)).toEqual([2]);
    expect(toSaveItems(base, items, base)).toEqual([]);
  });

  it("takes a colleague's saved answers for untouched categories and keeps this person's edits", () => {
    const items = [item(1, 'Intake', true), item(2, 'Staffing', false)];
    const oldBase = draftFromItems(items);
    const mine = { ...oldBase, 2: answer(oldBase[2]!, true) };
    const theirs = { ...oldBase, 1: answer(oldBase[1]!, false), 2: answer(oldBase[2]!, false) };
    const next = rebase(mine, oldBase, theirs);
    expect(next[1]!.hasTool).toBe(false);
    expect(next[2]!.hasTool).toBe(true);
  });
});
