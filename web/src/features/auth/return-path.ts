import { paths } from '@/config/paths';

/**
 * Where sign-in sends a person who was sent to it from a screen of the app: back to that screen.
 * Only an address of this app is followed (a path, never `//host` or a backslash trick), so a
 * crafted sign-in link cannot send anyone to another site.
 */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return paths.matches;
  // Resolved as the browser would: tabs and line breaks vanish, so `/\t/evil.example` is
  // `//evil.example`, another host. Only an address that stays on this origin is followed.
  let url: URL;
  try {
    url = new URL(next, OWN_ORIGIN);
  } catch {
    return paths.matches;
  }
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith('/auth/')) return paths.matches;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A stand-in origin to resolve `next` against: only its sameness matters. */
const OWN_ORIGIN = 'http://litstack.invalid';

/** The sign-in address that comes back to `address` (the first screen needs no `next`). */
export function signInReturningTo(address: string): string {
  if (address === paths.home || address === paths.matches || address.startsWith('/auth/')) return paths.auth.signIn;
  return `${paths.auth.signIn}?next=${encodeURIComponent(address)}`;
}
