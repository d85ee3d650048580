import { Alert } from '@/components/ui/alert';
import { Icon } from '@/components/ui/icon';
import type { FeedStatus } from '@/lib/api/types';
import { formatDate, formatDateTime } from '@/lib/format';

import { fromUnixSeconds } from '../catalog-feed';

/** What this install applied of the feed it follows, whether that version expired, and how the last pull went. */
export function CatalogFeedStatus({ status }: { status: FeedStatus }) {
  const { applied, lastAttempt } = status;
  if (!applied && !lastAttempt) return null;
  const attemptAt = lastAttempt ? fromUnixSeconds(lastAttempt.at) : null;
  return (
    <div className="space-y-3">
      {applied ? (
        <p className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm break-words text-slate-700">
          Following <span className="font-semibold text-slate-900">“{applied.feed}”</span>, version {applied.version}, published{' '}
          <time dateTime={applied.publishedOn}>{formatDate(applied.publishedOn)}</time>, applied{' '}
          <time dateTime={fromUnixSeconds(applied.appliedAt)}>{formatDate(fromUnixSeconds(applied.appliedAt))}</time>.
        </p>
      ) : null}
      {applied && status.stale ? (
        <p className="flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
          <Icon name="alert" className="mt-px h-4.5 w-4.5 text-amber-700" />
          <span>
            <span className="font-semibold">This catalog expired on {formatDate(applied.expiresOn)}:</span> ask its publisher for a newer
            version.
          </span>
        </p>
      ) : null}
      {lastAttempt && attemptAt ? (
        lastAttempt.ok ? (
          <p className="text-sm break-words text-slate-600">
            Last pull, <time dateTime={attemptAt}>{formatDateTime(attemptAt)}</time>: {lastAttempt.message}
          </p>
        ) : (
          <Alert>
            <span className="font-semibold">
              The last pull, <time dateTime={attemptAt}>{formatDateTime(attemptAt)}</time>, failed.
            </span>{' '}
            <span className="break-words">{lastAttempt.message}</span>
          </Alert>
        )
      ) : null}
    </div>
  );
}
