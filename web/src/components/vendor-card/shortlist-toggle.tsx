import { Button, type ButtonSize } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useFirmAccess } from '@/lib/auth';
import { findEntry, useShortlist, useShortlistMutations } from '@/lib/shortlist';

import { useRemoveFromShortlist } from './use-remove-from-shortlist';

type ShortlistToggleProps = {
  vendorId: number;
  vendorName: string;
  size?: ButtonSize;
  className?: string;
  /** `icon`: a small icon button, named for screen readers (a card's row of icon buttons). */
  display?: 'button' | 'icon';
};

/**
 * "Add to shortlist" on a vendor card; "On shortlist" once it is there, and a second press takes
 * it off (with Undo in the toast that says so, so a stray press loses no note). A toggle button (`aria-pressed`), so screen readers announce the state. Left out for a
 * viewer, who cannot change the firm's shortlist.
 */
export function ShortlistToggle(props: ShortlistToggleProps) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <ShortlistToggleButton {...props} /> : null;
}

function ShortlistToggleButton({ vendorId, vendorName, size = 'sm', className, display = 'button' }: ShortlistToggleProps) {
  const shortlist = useShortlist();
  const { put } = useShortlistMutations();
  const removal = useRemoveFromShortlist();
  const onList = findEntry(shortlist.data, vendorId) !== undefined;
  const pending = put.isPending || removal.pending;

  const toggle = () => {
    const done = onList
      ? removal.removeWithUndo(vendorId, vendorName)
      : put.mutateAsync({ vendorId, change: {} }).then(() => toast({ title: `${vendorName} is on your shortlist` }));
    done.catch((error: unknown) =>
      toast({ title: 'Error', description: getErrorMessage(error, 'Failed to update the shortlist'), variant: 'destructive' }),
    );
  };

  if (display === 'icon') {
    // The words of the text button, with the vendor: many cards share a screen.
    const name = `${onList ? 'On shortlist' : 'Add to shortlist'}: ${vendorName}`;
    return (
      <Button
        variant="outline"
        className={cn('h-8 w-8 px-0', onList && 'border-indigo-600! bg-indigo-50! text-indigo-800! hover:bg-indigo-100!', className)}
        aria-pressed={onList}
        aria-label={name}
        title={name}
        disabled={pending || shortlist.isPending}
        onClick={toggle}
      >
        <Icon name="bookmark" className={cn('h-4 w-4', onList && 'fill-current')} />
      </Button>
    );
  }

  return (
    <Button
      variant={onList ? 'default' : 'outline'}
      size={size}
      className={className}
      aria-pressed={onList}
      disabled={pending || shortlist.isPending}
      onClick={toggle}
    >
      {onList ? <Icon name="check" className="h-4 w-4" /> : null}
      {onList ? 'On shortlist' : 'Add to shortlist'}
    </Button>
  );
}
