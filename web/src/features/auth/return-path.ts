import { paths } from '@/config/paths';

/**
 * Where sign-in sends a person who was sent to it from a screen of the app: back to that screen.
 * Only an address of this app is followed (a path, never `//host` or a backslash trick), so a
 * crafted sign-in link cannot send anyone to another site.
 */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\') || next.startsWith('/auth/')) {
    return paths.matches;
  }
  return next;
}

/** The sign-in address that comes back to `address` (the first screen needs no `next`). */
export function signInReturningTo(address: string): string {
  if (address === paths.home || address === paths.matches || address.startsWith('/auth/')) return paths.auth.signIn;
  return `${paths.auth.signIn}?next=${encodeURIComponent(address)}`;
}
