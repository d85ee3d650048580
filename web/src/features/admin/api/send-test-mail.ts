import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { TestMailAnswer, TestMailRequest } from '@/lib/api/types';

/** Sends a test message now (outside the outbox) and answers with what the mail server said. */
export function sendTestMail(input: TestMailRequest): Promise<TestMailAnswer> {
  return unwrap(client.POST('/api/admin/mail/test', { body: input }));
}

export function useSendTestMail() {
  return useMutation({ mutationFn: sendTestMail });
}
