import { signal } from '@preact/signals-react';

/**
 * The vendors picked for side-by-side comparison (the tray), shared by every vendor card's
 * Compare toggle and the tray. Kept in sessionStorage so it survives moving between pages and a
 * reload for the rest of the browser session, never longer.
 */

export type CompareVendor = { id: number; name: string };

/** The comparison shows at most four columns. */
export const MAX_COMPARED = 4;
/** It needs at least two. */
export const MIN_COMPARED = 2;

const STORAGE_KEY = 'litstack.compare';

function isCompareVendor(value: unknown): value is CompareVendor {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && typeof name === 'string';
}

/** What the session holds, ignoring anything malformed (an edited or older value). */
function readStored(): CompareVendor[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<number>();
    return parsed
      .filter(isCompareVendor)
      .filter((v) => !seen.has(v.id) && seen.add(v.id))
      .slice(0, MAX_COMPARED);
  } catch {
    return [];
  }
}

export const compareSelection = signal<CompareVendor[]>(readStored());

function write(next: CompareVendor[]) {
  compareSelection.value = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): the selection still lasts for this page.
  }
}

export function isCompared(id: number): boolean {
  return compareSelection.value.some((v) => v.id === id);
}

/** Adds a vendor; refuses a fifth. Returns whether it is in the selection afterwards. */
export function addToCompare(vendor: CompareVendor): 'added' | 'already' | 'full' {
  const current = compareSelection.value;
  if (current.some((v) => v.id === vendor.id)) return 'already';
  if (current.length >= MAX_COMPARED) return 'full';
  write([...current, { id: vendor.id, name: vendor.name }]);
  return 'added';
}

export function removeFromCompare(id: number): void {
  write(compareSelection.value.filter((v) => v.id !== id));
}

export function clearCompare(): void {
  write([]);
}
