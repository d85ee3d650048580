import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useSignOutOthers } from '../api/sign-out-others';

/** "Where you're signed in": each session's device and address, "Sign out" per other session. */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const others = useSignOutOthers();

  if (sessions.isPending) return <Spinner label="Loading your sessions..." />;
  if (sessions.isError) return <Alert>{getErrorMessage(sessions.error, 'Failed to load your sessions.')}</Alert>;
  const list = sessions.data;
  const failed = end.isError ? end.error : others.isError ? others.error : null;

  return (
    <div className="space-y-4">
      {failed ? <Alert>{getErrorMessage(failed, 'Could not sign that session out.')}</Alert> : null}
      <ul aria-label="Sessions" className="divide-y divide-slate-100">
        {list.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {session.device}
                {/* Read as text (copied, or by a screen reader) the line is "Chrome on Linux (This device)". */}
                {session.current ? (
                  <span className="ml-1.5 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                    <span className="sr-only"> (</span>This device<span className="sr-only">)</span>
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">
                {session.address ? `${session.address} · ` : ''}Signed in {formatDateTime(session.startedAt)} · Last active{' '}
                {formatDateTime(session.lastSeen)}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.startedAt)}`}
                disabled={end.isPending && end.variables === session.id}
                onClick={() => end.mutate(session.id)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 ? (
        <Button
          variant="outline"
          disabled={others.isPending}
          onClick={() =>
            others.mutate(undefined, {
              onSuccess: ({ ended }) =>
                toast({ title: 'Signed out everywhere else', description: `${ended === 1 ? '1 session' : `${ended} sessions`} ended.` }),
            })
          }
        >
          Sign out everywhere else
        </Button>
      ) : null}
    </div>
  );
}
