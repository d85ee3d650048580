import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { vendorProfilePath } from '@/config/links';
import { cn } from '@/lib/cn';

type VendorProfileLinkProps = {
  vendorId: number;
  children: ReactNode;
  className?: string;
};

/**
 * How a card's heading sets a vendor's name: it wraps between words and never inside one (the
 * browser's default, which `break-words` would undo); a single word too long for the card ends
 * in "…" (the heading's title, and the link, hold the whole name). Two lines at most.
 */
export const vendorNameClasses = 'line-clamp-2 overflow-hidden text-ellipsis break-normal hyphens-none';

/** A vendor's name as a link to its profile (/vendors/{id}), on every card that names a vendor. */
export function VendorNameLink({ vendorId, children, className }: VendorProfileLinkProps) {
  return (
    <Link
      href={vendorProfilePath(vendorId)}
      className={cn(
        'rounded-sm underline-offset-2 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      {children}
    </Link>
  );
}

/**
 * A vendor's logo as a link to its profile ("{name} logo"). It is out of the tab order: the name
 * beside it is the same link, so a keyboard stops there once.
 */
export function VendorLogoLink({ vendorId, children, className }: VendorProfileLinkProps) {
  return (
    <Link href={vendorProfilePath(vendorId)} tabIndex={-1} className={cn('shrink-0', className)}>
      {children}
    </Link>
  );
}
