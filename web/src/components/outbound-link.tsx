import type { ComponentProps, ReactNode } from 'react';

import { useClientConfig } from '@/lib/client-config';
import { OUTBOUND_REL, withUtm } from '@/lib/outbound';

type OutboundLinkProps = Omit<ComponentProps<'a'>, 'href' | 'target' | 'rel'> & {
  /** The vendor's address as stored; it gets our utm tag. */
  href: string | null | undefined;
  /** Shown instead of the link when `href` is missing or not an http(s) address. */
  fallback?: ReactNode;
};

/**
 * A link to a vendor's page: new tab, `rel="noopener noreferrer"`, `utm_source` added once. A
 * missing or non-web address renders `fallback` (nothing by default), never a link.
 */
export function OutboundLink({ href, fallback = null, children, ...props }: OutboundLinkProps) {
  const { utmSource } = useClientConfig();
  const tagged = withUtm(href, utmSource);
  if (!tagged) return <>{fallback}</>;
  return (
    <a href={tagged} target="_blank" rel={OUTBOUND_REL} {...props}>
      {children}
    </a>
  );
}
