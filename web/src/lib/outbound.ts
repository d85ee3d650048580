/**
 * Outbound vendor links: the one place the utm rule lives (the server applies the same rule to
 * booking links it returns). Use {@link OutboundLink} or {@link openOutbound}; never build an
 * outbound `<a>` by hand.
 */

/**
 * `url` with `utm_source=<source>` added, keeping its query string and `#fragment`; a URL that
 * already carries a `utm_source` is returned unchanged (never tagged twice). Anything that is not
 * an absolute http(s) address — `javascript:`, `data:`, relative paths, junk — gives null, so it
 * can never become a link.
 */
export function withUtm(url: string | null | undefined, source: string): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed) || /[\s\u0000-\u001f\u007f]/.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  if (!parsed.hostname) return null;
  const hashAt = trimmed.indexOf('#');
  const beforeHash = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : trimmed.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const tagged = query.split('&').some((pair) => pair.split('=')[0] === 'utm_source');
  if (tagged || !source) return trimmed;
  const separator = query === '' || query.endsWith('&') ? '' : '&';
  return `${base}?${query}${separator}utm_source=${encodeURIComponent(source)}${fragment}`;
}

/** The `rel` every outbound link carries: the vendor's page gets no handle on ours, no referrer. */
export const OUTBOUND_REL = 'noopener noreferrer';

/**
 * Opens a vendor page in a new tab with our utm tag. Returns false (opening nothing) when the
 * address is not http(s). Call it directly in the click handler so pop-up blockers allow it.
 */
export function openOutbound(url: string | null | undefined, source: string): boolean {
  const tagged = withUtm(url, source);
  if (!tagged) return false;
  window.open(tagged, '_blank', 'noopener,noreferrer');
  return true;
}
