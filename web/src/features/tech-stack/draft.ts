import type { CategoryAdoption, TechStackSaveItem } from '@/lib/api/types';

/** Listed plus other vendors, per category (SPEC section 9). */
export const MAX_VENDORS = 10;
/** Longest other-vendor name, in characters. */
export const MAX_OTHER_NAME = 80;

/** The form's editable answer for one category. */
export type CategoryDraft = {
  hasTool: boolean | null;
  vendorIds: number[];
  primaryVendorId: number | null;
  otherVendors: string[];
};

/** Answers by category id. */
export type TechStackDraft = Record<number, CategoryDraft>;

const empty: CategoryDraft = { hasTool: null, vendorIds: [], primaryVendorId: null, otherVendors: [] };

export function draftFromItems(items: CategoryAdoption[]): TechStackDraft {
  const draft: TechStackDraft = {};
  for (const item of items) {
    draft[item.category.id] = {
      hasTool: item.adoption.hasTool ?? null,
      vendorIds: item.selectedVendors.map((s) => s.vendorId),
      primaryVendorId: item.selectedVendors.find((s) => s.isPrimary)?.vendorId ?? null,
      otherVendors: item.otherVendors.map((o) => o.name),
    };
  }
  return draft;
}

export function categoryDraft(draft: TechStackDraft, categoryId: number): CategoryDraft {
  return draft[categoryId] ?? empty;
}

/** Listed plus other vendors chosen in a category. */
export function vendorCount(category: CategoryDraft): number {
  return category.vendorIds.length + category.otherVendors.length;
}

export function isFull(category: CategoryDraft): boolean {
  return vendorCount(category) >= MAX_VENDORS;
}

/** Yes keeps what was chosen; No clears the vendors, the primary and the other names. */
export function answer(category: CategoryDraft, hasTool: boolean): CategoryDraft {
  return hasTool ? { ...category, hasTool } : { ...empty, hasTool: false };
}

/** Checks or unchecks a listed vendor; unchecking the primary clears the primary. */
export function toggleVendor(category: CategoryDraft, vendorId: number): CategoryDraft {
  if (category.vendorIds.includes(vendorId)) {
    return {
      ...category,
      vendorIds: category.vendorIds.filter((id) => id !== vendorId),
      primaryVendorId: category.primaryVendorId === vendorId ? null : category.primaryVendorId,
    };
  }
  if (isFull(category)) return category;
  return { ...category, vendorIds: [...category.vendorIds, vendorId] };
}

/** The star: marks a checked vendor as primary, or unmarks the primary. */
export function togglePrimary(category: CategoryDraft, vendorId: number): CategoryDraft {
  if (category.primaryVendorId === vendorId) return { ...category, primaryVendorId: null };
  if (!category.vendorIds.includes(vendorId)) return category;
  return { ...category, primaryVendorId: vendorId };
}

/**
 * Adds a typed name: trimmed, at most 80 characters, ignored when empty or already there
 * (ignoring case). A listed vendor's name checks that vendor instead.
 */
export function addOther(category: CategoryDraft, raw: string, listed: ReadonlyArray<{ id: number; name: string }>): CategoryDraft {
  const name = raw.trim().slice(0, MAX_OTHER_NAME).trim();
  if (!name || isFull(category)) return category;
  const key = name.toLowerCase();
  const vendor = listed.find((v) => v.name.toLowerCase() === key);
  if (vendor) {
    return category.vendorIds.includes(vendor.id) ? category : toggleVendor(category, vendor.id);
  }
  if (category.otherVendors.some((other) => other.toLowerCase() === key)) return category;
  return { ...category, otherVendors: [...category.otherVendors, name] };
}

export function removeOther(category: CategoryDraft, name: string): CategoryDraft {
  return { ...category, otherVendors: category.otherVendors.filter((other) => other !== name) };
}

/** How many categories have a Yes or No. */
export function answeredCount(draft: TechStackDraft, items: CategoryAdoption[]): number {
  return items.filter((item) => categoryDraft(draft, item.category.id).hasTool !== null).length;
}

export function isComplete(draft: TechStackDraft, items: CategoryAdoption[]): boolean {
  return items.length > 0 && answeredCount(draft, items) === items.length;
}

/**
 * Whether Save has something to send: a category answered (Yes or No) differently from the saved
 * stack. The categories answered so far are saved; unanswered ones are not sent and stay as they
 * are (SPEC section 5: "only answered categories are sent").
 */
export function hasAnswersToSave(draft: TechStackDraft, items: CategoryAdoption[], base: TechStackDraft): boolean {
  return toSaveItems(draft, items, base).length > 0;
}

function sameCategory(a: CategoryDraft, b: CategoryDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The draft after the saved stack changed under it (a colleague saved, or the list refreshed):
 * categories this person has not touched take the new saved answer; touched ones keep theirs.
 */
export function rebase(draft: TechStackDraft, oldBase: TechStackDraft, newBase: TechStackDraft): TechStackDraft {
  const out: TechStackDraft = { ...newBase };
  for (const [id, mine] of Object.entries(draft)) {
    const key = Number(id);
    if (!sameCategory(mine, categoryDraft(oldBase, key))) out[key] = mine;
  }
  return out;
}

/**
 * The save request: answered categories this person changed from `base` (the stack as it was
 * loaded), vendors only with Yes. Each category is saved on its own, so two colleagues editing
 * different categories at once keep each other's answers.
 */
export function toSaveItems(draft: TechStackDraft, items: CategoryAdoption[], base: TechStackDraft = {}): TechStackSaveItem[] {
  const out: TechStackSaveItem[] = [];
  for (const item of items) {
    const category = categoryDraft(draft, item.category.id);
    if (category.hasTool === null) continue;
    if (sameCategory(category, categoryDraft(base, item.category.id))) continue;
    if (!category.hasTool) {
      out.push({ categoryId: item.category.id, hasTool: false });
      continue;
    }
    out.push({
      categoryId: item.category.id,
      hasTool: true,
      selectedVendorIds: category.vendorIds,
      ...(category.primaryVendorId !== null ? { primaryVendorId: category.primaryVendorId } : {}),
      otherVendors: category.otherVendors,
    });
  }
  return out;
}
