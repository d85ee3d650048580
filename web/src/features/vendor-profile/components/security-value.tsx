import { cn } from '@/lib/cn';
import type { SecurityLine } from '@/lib/vendor-facts';

import { TrustPageLink } from './trust-page-link';

/** A security fact's value: as stated (a fact a firm would want in green), the trust page as a link, or "Not stated". */
export function SecurityValue({ line, name }: { line: SecurityLine; name: string }) {
  if (line.value === null) return <span className="text-slate-500">Not stated</span>;
  if (line.key === 'trustPage') return <TrustPageLink value={line.value} name={name} />;
  return <span className={cn(line.good && 'font-medium text-emerald-800')}>{line.value}</span>;
}
