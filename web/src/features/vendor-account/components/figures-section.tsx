import type { UseQueryResult } from '@tanstack/react-query';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';

import { vendorErrorMessage } from '../api/vendor-call';
import { hasAnyFigure, monthName } from '../figures';
import type { VendorStats } from '../types';

import { HomeSection } from './home-section';

/** The fewest firms a figure is counted over, until the server says (it is 5). */
const MIN_FIRMS = 5;

/**
 * "Your listing's figures": by month, newest first, how many verified firms opened the profile and
 * the scheduler, each firm once, only for a closed month and only when enough firms did. The month
 * in progress says so. Until any month has a figure, one line says so instead of a table of blanks.
 */
export function FiguresSection({ stats }: { stats: UseQueryResult<VendorStats> }) {
  const minFirms = stats.data?.minFirms ?? MIN_FIRMS;
  // On a phone the words break in two halves, never one word to a line.
  const figure = (value: number | null | undefined, inProgress: boolean) =>
    inProgress ? (
      <span className="text-slate-500">In progress</span>
    ) : value == null ? (
      <span className="text-slate-500">
        <span className="whitespace-nowrap">Fewer than</span> <span className="whitespace-nowrap">{minFirms} firms</span>
      </span>
    ) : (
      formatCount(value)
    );
  return (
    <HomeSection
      id="figures"
      title="Your listing's figures"
      description={`How many verified firms opened your profile, and your scheduler, each month: a firm counts once however often its people look. A month shows once it has ended and ${minFirms} or more firms did; Litstack never tells you which firms.`}
    >
      {stats.isPending ? (
        <Spinner label="Loading your listing's figures..." />
      ) : stats.isError ? (
        <Alert>{vendorErrorMessage(stats.error, "Failed to load your listing's figures.")}</Alert>
      ) : !hasAnyFigure(stats.data.months) ? (
        <p className="text-sm text-slate-600">
          {`No month has figures yet: a month shows once it has ended and ${minFirms} or more verified firms opened your profile or scheduler in it.`}
        </p>
      ) : (
        <div className="-mx-5 overflow-x-auto sm:mx-0">
          <table className="w-full min-w-[18rem] text-left text-sm">
            <caption className="sr-only">Verified firms that opened your profile and your scheduler, by month, newest first</caption>
            <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-2 pl-5 sm:pr-3 sm:pl-0">
                  Month
                </th>
                <th scope="col" className="px-2 py-2 text-right sm:px-3">
                  Firms that viewed your profile
                </th>
                <th scope="col" className="py-2 pr-5 pl-2 text-right sm:pr-0 sm:pl-3">
                  Firms that opened your scheduler
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stats.data.months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className="py-2 pr-2 pl-5 align-top font-medium whitespace-nowrap text-slate-900 sm:pr-3 sm:pl-0">
                    {monthName(month.month)}
                  </th>
                  <td className="px-2 py-2 text-right align-top text-slate-900 tabular-nums sm:px-3">
                    {figure(month.firmsViewedProfile, month.inProgress)}
                  </td>
                  <td className="py-2 pr-5 pl-2 text-right align-top text-slate-900 tabular-nums sm:pr-0 sm:pl-3">
                    {figure(month.firmsOpenedScheduler, month.inProgress)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </HomeSection>
  );
}
