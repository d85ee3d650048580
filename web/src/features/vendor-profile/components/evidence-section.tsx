import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { getErrorMessage } from '@/lib/api-client';
import type { VendorEvidence } from '@/lib/api/types';
import { formatShown } from '@/lib/format';

import { useVendorEvidence } from '../api/get-vendor-evidence';
import { bookingsText, sizesLabel } from '../format';
import { BookingsByMonthChart } from './bookings-by-month-chart';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}

/**
 * What firms actually do with the vendor: real demo bookings (never sample data) by month, by
 * firm size and in the last 90 days by firms of the user's size, and peer adoption from saved
 * tech stacks. Every count under 5 reads "fewer than 5", as the server sends it.
 */
export function EvidenceSection({ vendorId }: { vendorId: string }) {
  const evidence = useVendorEvidence(vendorId);
  return (
    <section aria-labelledby="evidence-heading" className="space-y-4">
      <h2 id="evidence-heading" className="text-lg font-semibold text-slate-900">
        What firms do with this vendor
      </h2>
      {evidence.isPending ? (
        <Spinner label="Loading the figures..." size="sm" />
      ) : evidence.isError ? (
        <Alert>{getErrorMessage(evidence.error, 'Failed to load the figures.')}</Alert>
      ) : (
        <EvidenceFigures evidence={evidence.data} />
      )}
    </section>
  );
}

function EvidenceFigures({ evidence }: { evidence: VendorEvidence }) {
  const peers = evidence.peerAdoption;
  const recent = evidence.recentForYourSize;
  return (
    <div className="space-y-4" data-testid="vendor-evidence">
      <dl className="grid gap-3 sm:grid-cols-2">
        {recent ? (
          <Figure
            label={`Last ${recent.days} days, firms of your size (${recent.size.label})`}
            value={!evidence.hasRealBookings ? 'No data yet' : recent.withheld ? 'Not shown' : bookingsText(recent.count)}
            note={recent.withheld ? 'With the 24-month figure for your size below, it would reveal a count under 5.' : undefined}
          />
        ) : (
          <Figure label="Last 90 days, firms of your size" value="Unknown" note="Add your firm size on your profile to see this." />
        )}
        {peers ? (
          <Figure label="Peer adoption" value={formatShown(peers)} note="From the tech stacks firms saved in Litstack." />
        ) : (
          <Figure label="Peer adoption" value="Unknown" note="Add your firm size on your profile to see this." />
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
