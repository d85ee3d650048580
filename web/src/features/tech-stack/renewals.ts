import type { CategoryAdoption, Contract } from '@/lib/api/types';
import { countOf, formatDate } from '@/lib/format';
import { formatCents } from '@/lib/money';

/** What the tech stack says about a contract's opt-out deadline. */
export function noticeText(contract: Pick<Contract, 'daysUntilDeadline' | 'noticeBeforeStart'>): string {
  if (contract.noticeBeforeStart) return 'Notice was due before the contract started';
  const days = contract.daysUntilDeadline;
  if (days === 0) return 'Notice due today';
  if (days > 0) return `Notice due in ${countOf(days, 'day')}`;
  return `Notice was due ${countOf(-days, 'day')} ago`;
}

/**
 * The deadline with its day, as a renewal row shows it: "Notice due in 23 days, by Dec 18, 2026";
 * "Notice was due 3 days ago, on Dec 15, 2026".
 */
export function noticeWithDateText(contract: Pick<Contract, 'daysUntilDeadline' | 'noticeBeforeStart' | 'optOutDeadline'>): string {
  const day = formatDate(contract.optOutDeadline);
  const text = noticeText(contract);
  if (contract.noticeBeforeStart || contract.daysUntilDeadline < 0) return `${text}, on ${day}`;
  if (contract.daysUntilDeadline === 0) return `${text}, ${day}`;
  return `${text}, by ${day}`;
}

/** "Renews on Mar 1, 2027": the next renewal, after any that passed (contracts renew themselves). */
export function renewsText(contract: Pick<Contract, 'nextRenewalDate'>): string {
  return `Renews on ${formatDate(contract.nextRenewalDate)}`;
}

/** Whether the deadline is near enough to stand out: 30 days or less, and not yet passed. */
export function noticeIsNear(contract: Pick<Contract, 'daysUntilDeadline' | 'noticeBeforeStart'>): boolean {
  return !contract.noticeBeforeStart && contract.daysUntilDeadline >= 0 && contract.daysUntilDeadline <= 30;
}

/** "$12,000 a year", or "$12,000.50 a year" when there are cents. */
export function annualCostText(cents: number): string {
  return `${formatCents(cents)} a year`;
}

/** A tool of the firm's stack, with its contract when one is kept. */
export type RenewalTool = { id: number; name: string; category: string; categoryId: number; contract: Contract | undefined };

/** The catalog tools the firm lists (categories answered Yes), those with a contract first, by deadline. */
export function toolsOf(items: CategoryAdoption[], contracts: Contract[]): RenewalTool[] {
  const tools: RenewalTool[] = items.flatMap((item) =>
    item.adoption.hasTool === true
      ? item.selectedVendors.map((selected) => ({
          id: selected.vendorId,
          name: item.vendors.find((v) => v.id === selected.vendorId)?.name ?? `Vendor ${selected.vendorId}`,
          category: item.category.label,
          categoryId: item.category.id,
          contract: contracts.find((c) => c.toolId === selected.vendorId),
        }))
      : [],
  );
  const order = (tool: RenewalTool) => (tool.contract ? contracts.indexOf(tool.contract) : contracts.length);
  return tools.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}
