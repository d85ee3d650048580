/**
 * Money as the app reads and writes it: whole cents, never a float. `centsOf` reads dollars as a
 * person types them ("12,000", "1200.5", "$99.99"); `dollarsOf` writes cents back into a form;
 * `formatCents` shows an amount ("$12,000", "$14,500.50").
 */
export function centsOf(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const dollars = Number(match[1].replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as a form shows them: "1200.50", "1200". */
export function dollarsOf(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$12,000", or "$12,000.50" when there are cents: as the server's "What changed since" writes it. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? whole.format(cents / 100) : exact.format(cents / 100);
}
