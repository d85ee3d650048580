import type { DecisionRecord } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { RecordSection } from './record-section';

/** The shortlist's history of the category's vendors. */
export function ShortlistHistory({ record }: { record: DecisionRecord }) {
  return (
    <RecordSection id="record-shortlist" title="Shortlist history">
      {record.shortlist.length === 0 ? (
        <p className="text-sm text-slate-600">No vendor of the category is on the shortlist.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {record.shortlist.map((v) => (
            <li key={v.vendorId}>
              <span className="font-medium text-slate-900">{v.vendorName}</span>: {v.status}
              <span className="block text-slate-600">
                {v.history.map((h) => `${h.status} ${formatDate(h.at)}${h.by ? ` (${h.by})` : ''}`).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
