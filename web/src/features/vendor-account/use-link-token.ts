import { useEffect, useState } from 'react';

/**
 * The token of the mailed link in the address bar: everything after `#` (a browser never sends
 * the fragment to a server, so the token stays out of logs), kept current when only the `#` part
 * changes. The same reading as the firm's /join link, which the auth feature keeps for itself.
 */
export function useLinkToken(): string {
  const read = () => window.location.hash.replace(/^#/, '').trim();
  const [token, setToken] = useState(read);
  useEffect(() => {
    const onHashChange = () => setToken(read());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return token;
}

/** What a link that lost its token on the way says. */
export const INCOMPLETE_LINK = 'This link is not complete. Copy the whole link from the email and open it again.';
