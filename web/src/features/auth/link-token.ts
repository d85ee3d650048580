/**
 * The token of an invitation or reset link: everything after `#` (browsers never send the
 * fragment to a server, so the token stays out of logs). Empty when the link was cut short.
 */
export function linkToken(hash: string): string {
  return hash.replace(/^#/, '').trim();
}

/** The server's own words for a link that lost its token on the way. */
export const INCOMPLETE_LINK = 'This link is not complete. Copy the whole link from the message you were given and open it again.';
