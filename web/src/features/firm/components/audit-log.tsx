import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useAuditLog } from '../api/get-audit-log';
import { formatDateTime } from '../format';

/** Who did what to the firm's accounts, newest first (owners and admins). */
export function AuditLogList() {
  const log = useAuditLog({ enabled: true });
  if (log.isError) return <Alert>{getErrorMessage(log.error, 'Failed to load the audit log. Please try again.')}</Alert>;
  if (!log.data) return <Spinner size="sm" label="Loading the audit log..." />;
  const items = log.data.items;
  if (items.length === 0) return <p className="text-sm text-slate-500">Nothing has happened to the firm&apos;s accounts yet.</p>;
  return (
    <ol aria-label="Audit log" className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto" tabIndex={0}>
      {items.map((entry) => (
        <li key={entry.id} className="py-2.5 text-sm">
          <p className="break-words text-slate-900">{entry.detail}</p>
          <p className="text-slate-600">
            {entry.actor ?? 'No one signed in'} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
