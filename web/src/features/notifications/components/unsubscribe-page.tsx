import { Alert } from '@/components/ui/alert';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { usePageParams } from '@/lib/use-page-params';

import { useUnsubscribeLookUp } from '../api/look-up-unsubscribe';
import { useUnsubscribe } from '../api/unsubscribe';

const BAD_LINK = 'This unsubscribe link is not valid. Check that you opened the whole link.';

/**
 * /unsubscribe?token=: the page a mail's unsubscribe link opens (signed in or not). It says which
 * emails the link turns off; one button does it (the same one-click POST a mail provider sends).
 */
export function UnsubscribePage() {
  const token = usePageParams().get('token') ?? '';
  const lookUp = useUnsubscribeLookUp(token);
  const unsubscribe = useUnsubscribe();

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 sm:p-8">
        <BrandMark />
        <h1 className="text-xl font-semibold text-slate-900">Unsubscribe</h1>
        {token === '' ? (
          <Alert>{BAD_LINK}</Alert>
        ) : lookUp.isPending ? (
          <Spinner label="Checking the link..." />
        ) : lookUp.isError ? (
          <Alert>{getErrorMessage(lookUp.error, BAD_LINK)}</Alert>
        ) : unsubscribe.isSuccess ? (
          <p role="status" className="text-sm text-slate-700">
            Done: you will no longer get emails for “{lookUp.data.label}”. You can turn them back on under Notifications on your profile.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              This turns off the emails for “<strong>{lookUp.data.label}</strong>”. They still show under the bell in Litstack, and emails
              about your account’s security keep coming.
            </p>
            {unsubscribe.isError ? <Alert>{getErrorMessage(unsubscribe.error, 'That did not work. Please try again.')}</Alert> : null}
            <Button type="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
            </Button>
          </>
        )}
      </div>
    </main>
  );
}
