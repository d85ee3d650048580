import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

/** The one-click POST a mail provider sends (RFC 8058), from the page's button. */
export function unsubscribe(token: string): Promise<string> {
  return unwrap(
    client.POST('/api/unsubscribe', {
      params: { query: { token } },
      body: 'List-Unsubscribe=One-Click',
      bodySerializer: (body) => body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      parseAs: 'text',
    }),
  );
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
