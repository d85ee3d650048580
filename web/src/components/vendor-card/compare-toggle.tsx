import { useSignals } from '@preact/signals-react/runtime';

import { Button, type ButtonProps } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { type CompareVendor, MAX_COMPARED, addToCompare, isCompared, removeFromCompare } from '@/lib/compare-selection';

type CompareToggleProps = Omit<ButtonProps, 'onClick' | 'children' | 'aria-pressed' | 'variant'> & {
  vendor: CompareVendor;
  /** `icon`: a small icon button, named for screen readers (a card's row of icon buttons). */
  display?: 'button' | 'icon';
};

/**
 * "Compare" / "Comparing": puts the vendor in the comparison tray or takes it out. A fifth vendor
 * is refused with a toast. The vendor's name is in the accessible name, since a screen holds many.
 */
export function CompareToggle({ vendor, size = 'sm', className, display = 'button', ...props }: CompareToggleProps) {
  useSignals();
  const pressed = isCompared(vendor.id);
  const toggle = () => {
    if (pressed) {
      removeFromCompare(vendor.id);
    } else if (addToCompare(vendor) === 'full') {
      toast({
        title: `You can compare up to ${MAX_COMPARED} vendors`,
        description: 'Remove one from the comparison tray first.',
        variant: 'destructive',
      });
    }
  };
  if (display === 'icon') {
    return (
      <Button
        {...props}
        variant="outline"
        className={cn('h-8 w-8 px-0', pressed && 'border-indigo-600! bg-indigo-50! text-indigo-800! hover:bg-indigo-100!', className)}
        aria-pressed={pressed}
        aria-label={`${pressed ? 'Comparing' : 'Compare'} ${vendor.name}`}
        title={`${pressed ? 'Comparing' : 'Compare'} ${vendor.name}`}
        onClick={toggle}
      >
        <Icon name="grid" className="h-4 w-4" />
      </Button>
    );
  }
  return (
    <Button
      {...props}
      size={size}
      variant="outline"
      // Pressed reads apart from the card's filled Schedule Meeting button: tinted, with a check.
      className={cn(pressed && 'border-indigo-600! bg-indigo-50! text-indigo-800! hover:bg-indigo-100!', className)}
      aria-pressed={pressed}
      onClick={toggle}
    >
      {pressed ? <Icon name="check" className="h-4 w-4" /> : null}
      {pressed ? 'Comparing' : 'Compare'}
      <span className="sr-only"> {vendor.name}</span>
    </Button>
  );
}
