import type { UseQueryResult } from '@tanstack/react-query';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';

import { useEndVendorSession } from '../api/end-session';
import { vendorErrorMessage } from '../api/vendor-call';
import type { VendorSession } from '../types';

/** Each browser signed in to the account; End for every one but this browser (Sign out ends that). */
export function SessionsList({ sessions }: { sessions: UseQueryResult<VendorSession[]> }) {
  const end = useEndVendorSession();
  if (sessions.isPending) return <Spinner label="Loading your sessions..." />;
  if (sessions.isError) return <Alert>{vendorErrorMessage(sessions.error, 'Failed to load your sessions.')}</Alert>;
  return (
    <div className="space-y-3">
      {end.isError ? <Alert>{vendorErrorMessage(end.error, 'Could not end that session.')}</Alert> : null}
      <ul aria-label="Sessions" className="divide-y divide-slate-100">
        {sessions.data.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {session.device}
                {/* Read as text (copied, or by a screen reader) the line is "Chrome on Linux (This browser)". */}
                {session.current ? (
                  <span className="ml-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
                    <span className="sr-only"> (</span>
                    This browser
                    <span className="sr-only">)</span>
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">
                Signed in {formatDateTime(session.createdAt)} · Ends {formatDateTime(session.expiresAt)}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="outline"
                size="sm"
                aria-label={`End the session of ${session.device}, signed in ${formatDateTime(session.createdAt)}`}
                disabled={end.isPending && end.variables === session.id}
                onClick={() => end.mutate(session.id)}
              >
                End
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
