import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';

import { statusLabel } from '../coverage';

/** "Has a tool" / "No tool" / "Not answered", told apart by word, icon and border, not colour alone. */
export function CoverageMark({ hasTool }: { hasTool: boolean | null }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        hasTool === true && 'border-emerald-200 bg-emerald-50 text-emerald-800',
        hasTool === false && 'border-amber-300 bg-amber-50 text-amber-900',
        hasTool === null && 'border-dashed border-slate-300 bg-white text-slate-600',
      )}
    >
      {hasTool === true ? <Icon name="check" className="h-3.5 w-3.5" /> : null}
      {hasTool === false ? <Icon name="close" className="h-3.5 w-3.5" /> : null}
      {statusLabel(hasTool)}
    </span>
  );
}
