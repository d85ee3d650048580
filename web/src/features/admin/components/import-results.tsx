import type { ImportReport } from '@/lib/api/types';
import { countOf, formatCount } from '@/lib/format';

/** "3 rows name a vendor not in the catalog: A, B, …", as the server's import summary says it. */
export function unknownVendorNote(report: ImportReport): string | null {
  const rows = report.unknownVendorRows;
  if (rows === 0) return null;
  const more = report.unknownVendors.length < report.unknownVendorNames ? ', …' : '';
  return `${countOf(rows, 'row')} ${rows === 1 ? 'names' : 'name'} a vendor not in the catalog: ${report.unknownVendors.join(', ')}${more}`;
}

/** The counts of the last import and the rows it left out. */
export function ImportResults({ report }: { report: ImportReport }) {
  const noun = report.kind === 'vendors' ? 'Vendors' : 'Bookings';
  const counts: Array<[string, number]> = [
    [`${noun} inserted`, report.inserted],
    [`${noun} updated`, report.updated],
    ['Records skipped', report.skipped],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        File type: <span className="font-semibold text-slate-900">{report.kind === 'vendors' ? 'Vendors' : 'Demo bookings'}</span>
      </p>
      <dl className="grid grid-cols-3 gap-3">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-900/5">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{formatCount(count)}</dd>
          </div>
        ))}
      </dl>
      {unknownVendorNote(report) ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {unknownVendorNote(report)}. Their bookings count in the trends but are evidence for no vendor until the catalog has them.
        </p>
      ) : null}
      {report.errors.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-red-800">Errors ({formatCount(report.rowErrors)})</h3>
          <ul className="max-h-72 space-y-1 overflow-auto rounded-lg border border-red-200 bg-red-50 p-3 font-mono text-xs text-red-900">
            {report.errors.map((error, index) => (
              <li key={index}>{error}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-emerald-700">No row errors.</p>
      )}
    </div>
  );
}
