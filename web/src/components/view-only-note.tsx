import { Icon } from '@/components/ui/icon';
import { useFirmAccess, VIEW_ONLY_NOTE } from '@/lib/auth';
import { cn } from '@/lib/cn';

/**
 * The one line a screen shows a viewer, near its header, where its write controls are left out.
 * Renders nothing for anyone who may write.
 */
export function ViewOnlyNote({ className }: { className?: string }) {
  const { role } = useFirmAccess();
  if (role !== 'viewer') return null;
  return (
    <p role="note" className={cn('mb-4 flex items-start gap-2 text-sm text-slate-600', className)}>
      <Icon name="lock" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
      <span>{VIEW_ONLY_NOTE}</span>
    </p>
  );
}
