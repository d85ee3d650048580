import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { vendorProfilePath } from '@/config/paths';
import { cn } from '@/lib/cn';

type VendorProfileLinkProps = {
  vendorId: number;
  children: ReactNode;
  className?: string;
};

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
