import { useSignals } from '@preact/signals-react/runtime';

import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { type CompareVendor, MAX_COMPARED, addToCompare, isCompared, removeFromCompare } from '@/lib/compare-selection';

type CompareToggleProps = Omit<ButtonProps, 'onClick' | 'children' | 'aria-pressed'> & { vendor: CompareVendor };

/**
 * "Compare" / "Comparing": puts the vendor in the comparison tray or takes it out. A fifth vendor
 * is refused with a toast. The vendor's name is in the accessible name, since a screen holds many.
 */
export function CompareToggle({ vendor, variant, size = 'sm', ...props }: CompareToggleProps) {
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
  return (
    <Button {...props} size={size} variant={variant ?? (pressed ? 'default' : 'outline')} aria-pressed={pressed} onClick={toggle}>
      {pressed ? 'Comparing' : 'Compare'}
      <span className="sr-only"> {vendor.name}</span>
    </Button>
  );
}
