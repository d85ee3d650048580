import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import type { DemoBookingPage } from '@/lib/api/types';
import { firmSizeOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';

import { BOOKINGS_PAGE_SIZE } from '../api/get-demo-bookings';
import { bookingLocation, formatCount, relativeBookingDate } from '../format';

import { EmptyState } from './empty-state';
import { Panel } from './panel';

const firmSizeOf = (booking: DemoBookingPage['items'][number]) =>
  labelOf(firmSizeOptions, booking.standardizedPracticeAreaBrokenOut) ?? booking.standardizedPracticeAreaBrokenOut;

type RecentBookingsTableProps = {
  page: DemoBookingPage | undefined;
  offset: number;
  isLoading: boolean;
  isFetching: boolean;
  error: Error | null;
  onOffsetChange: (offset: number) => void;
  onRefresh: () => void;
  /** The CSV of every booking the filters match (not only the page on screen). */
  csvUrl?: string;
};

/** "Recent Demo Bookings": six rows a page, newest first, with Previous / Next and Refresh. */
export function RecentBookingsTable({
  page,
  offset,
  isLoading,
  isFetching,
  error,
  onOffsetChange,
  onRefresh,
  csvUrl,
}: RecentBookingsTableProps) {
  const items = page?.items ?? [];
  const total = page?.total ?? 0;
  const first = items.length ? offset + 1 : 0;
  const last = offset + items.length;

  return (
    <Panel
      title="Recent Demo Bookings"
      actions={
        <>
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={isFetching}>
            {isFetching && !isLoading ? 'Refreshing...' : 'Refresh'}
          </Button>
          {csvUrl ? (
            items.length === 0 ? (
              <Button variant="outline" size="sm" disabled aria-label="Download CSV of the matching demo bookings">
                <Icon name="download" className="h-4 w-4" />
                Download CSV
              </Button>
            ) : (
              // A link, not a fetch: the browser saves the streamed file as it comes, so millions
              // of rows never sit in the page's memory; the server names the file.
              <a
                href={csvUrl}
                download
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
                aria-label={`Download CSV of all ${formatCount(total)} matching demo bookings`}
              >
                <Icon name="download" className="h-4 w-4" />
                Download CSV
              </a>
            )
          ) : null}
        </>
      }
    >
      {error ? (
        <Alert>Could not load the demo bookings: {error.message}</Alert>
      ) : isLoading ? (
        <Spinner label="Loading bookings..." />
      ) : items.length === 0 ? (
        <EmptyState>No demo bookings found</EmptyState>
      ) : (
        <>
          {/* A phone gets one block per booking, every field whole; wider screens the table. */}
          <ul aria-label="Recent demo bookings" className="divide-y divide-slate-100 sm:hidden" aria-busy={isFetching}>
            {items.map((booking) => (
              <li key={booking.id} className="py-2.5 text-sm">
                <p className="font-medium text-slate-900">
                  {booking.categoryLabel}
                  {booking.sample ? <span className="ml-2 text-xs font-normal text-amber-700">(sample)</span> : null}
                </p>
                <p className="text-slate-700">{bookingLocation(booking)}</p>
                <p className="text-slate-700">
                  <time dateTime={booking.createdTime ?? undefined}>{relativeBookingDate(booking.createdTime)}</time>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  <span>Firm size {firmSizeOf(booking)}</span>
                </p>
              </li>
            ))}
          </ul>
          <div
            role="region"
            aria-label="Recent demo bookings table"
            tabIndex={0}
            className="hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600 sm:block"
          >
            <table className="w-full min-w-[26rem] text-left text-sm" aria-busy={isFetching}>
              <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Category
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Location
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Firm Size
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((booking) => (
                  <tr key={booking.id}>
                    <td className="px-3 py-2.5 font-medium text-slate-900">
                      {booking.categoryLabel}
                      {booking.sample ? <span className="ml-2 text-xs font-normal text-amber-700">(sample)</span> : null}
                    </td>
                    <td className="px-3 py-2.5 text-slate-700">{bookingLocation(booking)}</td>
                    <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">
                      <time dateTime={booking.createdTime ?? undefined}>{relativeBookingDate(booking.createdTime)}</time>
                    </td>
                    <td className="px-3 py-2.5 text-slate-700">{firmSizeOf(booking)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Recent bookings pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              Showing {formatCount(first)}-{formatCount(last)} of {formatCount(total)} results
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => onOffsetChange(Math.max(0, offset - BOOKINGS_PAGE_SIZE))}
              >
                Previous
              </Button>
              <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onOffsetChange(offset + BOOKINGS_PAGE_SIZE)}>
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
    </Panel>
  );
}
