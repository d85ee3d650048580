import type { VendorEvidence } from '@/lib/api/types';
import { formatShown } from '@/lib/format';

import { bookingsText, sizesLabel } from '../format';
import { BookingsByMonthChart } from './bookings-by-month-chart';
import { EvidenceFigure } from './evidence-figure';

/** The evidence once loaded: bookings by firms of your size, peer adoption, bookings by month. */
export function EvidenceFigures({ evidence }: { evidence: VendorEvidence }) {
  const peers = evidence.peerAdoption;
  const recent = evidence.recentForYourSize;
  return (
    <div className="space-y-4" data-testid="vendor-evidence">
      <dl className="grid gap-3 sm:grid-cols-2">
        {recent ? (
          <EvidenceFigure
            label={`Last ${recent.days} days, firms of your size (${recent.size.label})`}
            value={!evidence.hasRealBookings ? 'No data yet' : recent.withheld ? 'Not shown' : bookingsText(recent.count)}
            note={recent.withheld ? 'With the 24-month figure for your size below, it would reveal a count under 5.' : undefined}
          />
        ) : (
          <EvidenceFigure label="Last 90 days, firms of your size" value="Unknown" note="Add your firm size on your profile to see this." />
        )}
        {peers ? (
          <EvidenceFigure label="Peer adoption" value={formatShown(peers)} note="From the tech stacks firms saved in Litstack." />
        ) : (
          <EvidenceFigure label="Peer adoption" value="Unknown" note="Add your firm size on your profile to see this." />
        )}
      </dl>

      {evidence.hasRealBookings ? (
        <>
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <h3 className="text-sm font-semibold text-slate-900">Demo bookings per month, last 24 months</h3>
            <p className="mb-3 text-sm text-slate-600">{bookingsText(evidence.total)} in all.</p>
            <BookingsByMonthChart months={evidence.months} total={evidence.total} />
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <h3 className="text-sm font-semibold text-slate-900">By firm size, last 24 months</h3>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {evidence.bySize.map((group) => (
                <li key={group.sizes.map((s) => s.code).join('-')} className="flex justify-between gap-4 py-1.5">
                  <span className="text-slate-700">{sizesLabel(group.sizes)}</span>
                  <span className="font-medium text-slate-900">{formatShown(group.count)}</span>
                </li>
              ))}
            </ul>
            {evidence.bySize.some((g) => g.sizes.length > 1) ? (
              <p className="mt-2 text-xs text-slate-500">Sizes with fewer than 5 bookings are counted together with their neighbours.</p>
            ) : null}
          </div>
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-sm text-slate-600">
          No real demo bookings yet. These figures count only bookings your administrator imports, never sample data.
        </p>
      )}
    </div>
  );
}
