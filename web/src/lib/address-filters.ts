/**
 * Reading list filters from the address the same way on every screen: junk is ignored, never a
 * failed page. The screens compare what they kept with what was there to know when to rewrite it.
 */

/** Distinct category ids from the address, kept only when they look like ids and, once the
 * categories are `known`, name one of them. */
export function parseCategoryIds(raw: string[], known: ReadonlySet<number> | null): number[] {
  return [
    ...new Set(
      raw
        .filter((id) => /^\d{1,9}$/.test(id))
        .map(Number)
        .filter((id) => (known ? known.has(id) : true)),
    ),
  ];
}

/** A page number from the address: a whole number from 1, else 1. */
export function parsePage(raw: string | undefined): number {
  return Math.max(1, raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 1);
}
