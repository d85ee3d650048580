import type { UseQueryResult } from '@tanstack/react-query';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';

import { useReadVendorNotices } from '../api/read-notices';
import { vendorErrorMessage } from '../api/vendor-call';
import type { VendorNotice } from '../types';

import { HomeSection } from './home-section';

/** "Notices": what the account was told (the operator's decisions), newest first; Mark all as read. */
export function NoticesSection({ notices, unread }: { notices: UseQueryResult<VendorNotice[]>; unread: number }) {
  const read = useReadVendorNotices();
  const anyUnread = notices.data?.some((notice) => !notice.read) ?? unread > 0;
  return (
    <HomeSection id="notices" title={unread > 0 ? `Notices (${unread} new)` : 'Notices'}>
      {notices.isPending ? (
        <Spinner label="Loading your notices..." />
      ) : notices.isError ? (
        <Alert>{vendorErrorMessage(notices.error, 'Failed to load your notices.')}</Alert>
      ) : notices.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing yet. When the operator decides on a proposal, you are told here.</p>
      ) : (
        <div className="space-y-4">
          {read.isError ? <Alert>{vendorErrorMessage(read.error, 'Failed to mark the notices read. Please try again.')}</Alert> : null}
          <ul aria-label="Notices" className="divide-y divide-slate-100">
            {notices.data.map((notice) => (
              <li key={notice.id} className="space-y-1 py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {notice.title}
                  {notice.read ? null : (
                    <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset">
                      New
                    </span>
                  )}
                </p>
                <p className="text-sm break-words text-slate-700">{notice.body}</p>
                <p className="text-xs text-slate-500">{formatDateTime(notice.createdAt)}</p>
              </li>
            ))}
          </ul>
          {anyUnread ? (
            <Button variant="outline" size="sm" disabled={read.isPending} onClick={() => read.mutate()}>
              {read.isPending ? 'Marking...' : 'Mark all as read'}
            </Button>
          ) : null}
        </div>
      )}
    </HomeSection>
  );
}
