import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { getErrorMessage } from '@/lib/api-client';

import { useFirmDeletion } from '../api/get-firm-deletion';
import { useKeepFirm } from '../api/keep-firm';
import { formatDay } from '../format';

const THE_FIRM_STAYS = 'The firm stays.';

/**
 * What every member reads at the top of the Firm page while the firm's deletion is scheduled: the
 * day and who asked; owners have "Keep the firm". Once kept, a polite "The firm stays."
 */
export function FirmDeletionNotice({ isOwner }: { isOwner: boolean }) {
  const deletion = useFirmDeletion();
  const keep = useKeepFirm();
  const [kept, setKept] = useState(false);
  const scheduled = deletion.data?.scheduled ? deletion.data : null;

  return (
    <>
      {scheduled ? (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-start gap-x-3 gap-y-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3.5 text-sm text-amber-950"
        >
          <Icon name="alert" className="mt-px h-5 w-5 shrink-0 text-amber-700" />
          <div className="min-w-0 flex-1 basis-64 space-y-3">
            <p>
              <span className="font-semibold">
                This firm will be deleted on {formatDay(scheduled.dueAt ?? '')} (asked by {scheduled.by ?? 'an owner'}).
              </span>{' '}
              Everything it holds here will be removed.
            </p>
            {keep.isError ? <Alert>{getErrorMessage(keep.error, 'Could not keep the firm. Please try again.')}</Alert> : null}
          </div>
          {isOwner ? (
            <Button
              variant="outline"
              size="sm"
              className="ml-8 sm:ml-0"
              disabled={keep.isPending}
              onClick={() => {
                setKept(false);
                keep.mutate(undefined, { onSuccess: () => setKept(true) });
              }}
            >
              {keep.isPending ? 'Keeping...' : 'Keep the firm'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {/* Always in the page, so the message is announced as it appears. */}
      <div aria-live="polite">
        {kept && !scheduled ? (
          <p className="mb-6 flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900">
            <Icon name="check" className="mt-px h-4.5 w-4.5 text-emerald-700" />
            {THE_FIRM_STAYS}
          </p>
        ) : null}
      </div>
    </>
  );
}
