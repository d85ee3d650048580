import type { DecisionRequest, ShortlistGroup } from '@/lib/api/types';
import { centsOf } from '@/lib/money';

/** The proposal form's fields, as typed. */
export type DecisionFields = {
  vendorId: string;
  runnerUpId: string;
  reasons: string;
  annualCost: string;
  startDate: string;
  approvers: number[];
};

export const MAX_REASONS = 4000;

/** The request, or the first field the browser can already tell is wrong (the server checks all). */
export function requestOf(
  categoryId: number,
  f: DecisionFields,
): { body: DecisionRequest } | { field: keyof DecisionFields; error: string } {
  if (!f.vendorId) return { field: 'vendorId', error: 'Choose the vendor your firm chooses' };
  if (f.runnerUpId && f.runnerUpId === f.vendorId) return { field: 'runnerUpId', error: 'The runner-up must be another vendor' };
  const reasons = f.reasons.trim();
  if (!reasons) return { field: 'reasons', error: 'Say why this vendor' };
  if (reasons.length > MAX_REASONS) return { field: 'reasons', error: 'Reasons can be at most 4,000 characters' };
  const cents = centsOf(f.annualCost);
  if (cents === null) return { field: 'annualCost', error: 'Enter the annual cost in dollars, e.g. 12,000 or 1200.50' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.startDate)) return { field: 'startDate', error: 'Choose the start date' };
  return {
    body: {
      categoryId,
      vendorId: Number(f.vendorId),
      runnerUpId: f.runnerUpId ? Number(f.runnerUpId) : null,
      reasons,
      annualCost: cents,
      startDate: f.startDate,
      approvers: f.approvers,
    },
  };
}

/** Which field a server message is about: it starts with the field's name. */
export function fieldOfMessage(message: string): keyof DecisionFields | null {
  const names: (keyof DecisionFields)[] = ['vendorId', 'runnerUpId', 'reasons', 'annualCost', 'startDate', 'approvers'];
  return names.find((name) => message.startsWith(name)) ?? null;
}

/** The shortlisted vendors of a category, as the vendor selects offer them. */
export function vendorOptions(groups: readonly ShortlistGroup[], categoryId: number) {
  const group = groups.find((g) => g.categoryId === categoryId);
  return (group?.entries ?? []).map((e) => ({ value: String(e.vendorId), label: e.vendorName }));
}
