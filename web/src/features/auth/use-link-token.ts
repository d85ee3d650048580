import { useEffect, useState } from 'react';

import { linkToken } from './link-token';

/**
 * The token of the link in the address bar, kept current when only the `#` part changes (a second
 * link pasted into the same tab does not reload the page).
 */
export function useLinkToken(): string {
  const [token, setToken] = useState(() => linkToken(window.location.hash));
  useEffect(() => {
    const onHashChange = () => setToken(linkToken(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return token;
}
