import type { Contract } from '@/lib/api/types';
import { countOf, formatDate } from '@/lib/format';

/** What the tech stack says about a contract's opt-out deadline. */
export function noticeText(contract: Pick<Contract, 'daysUntilDeadline' | 'noticeBeforeStart'>): string {
  if (contract.noticeBeforeStart) return 'Notice was due before the contract started';
  const days = contract.daysUntilDeadline;
  if (days === 0) return 'Notice due today';
  if (days > 0) return `Notice due in ${countOf(days, 'day')}`;
  return `Notice was due ${countOf(-days, 'day')} ago`;
}

/** "Renews on Mar 1, 2027": the next renewal, after any that passed (contracts renew themselves). */
export function renewsText(contract: Pick<Contract, 'nextRenewalDate'>): string {
  return `Renews on ${formatDate(contract.nextRenewalDate)}`;
}

/** Whether the deadline is near enough to stand out: 30 days or less, and not yet passed. */
export function noticeIsNear(contract: Pick<Contract, 'daysUntilDeadline' | 'noticeBeforeStart'>): boolean {
  return !contract.noticeBeforeStart && contract.daysUntilDeadline >= 0 && contract.daysUntilDeadline <= 30;
}

/**
 * Dollars as typed ("12,000", "1200.5", "$99.99") to whole cents, read from the text (money is
 * never a float); null when it is not an amount.
 */
export function centsOf(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const dollars = Number(match[1].replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as the form shows them: "1200.50", "1200". */
export function dollarsOf(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** "$12,000.00 a year". */
export function annualCostText(cents: number): string {
  return `${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)} a year`;
}
