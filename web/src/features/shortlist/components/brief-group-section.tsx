import type { BriefGroup } from '@/lib/api/types';

import { BriefVendorSection } from './brief-vendor-section';
import { formatDay, groupTitle } from './format';

/** A category of the brief: the firm's criteria, then each vendor. */
export function BriefGroupSection({ group }: { group: BriefGroup }) {
  const headingId = `brief-group-${group.categoryId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4 break-before-page first-of-type:break-before-auto">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {groupTitle(group)}
      </h2>
      <div className="space-y-1 text-sm">
        <h3 className="font-semibold text-slate-800">Our criteria</h3>
        {group.criteria.length > 0 ? (
          <>
            <dl className="space-y-1">
              {group.criteria.map((c, i) => (
                <div key={i}>
                  <dt className="text-slate-700">{c.question}</dt>
                  <dd className="font-medium text-slate-900">{c.answers.join(', ')}</dd>
                </div>
              ))}
            </dl>
            {group.criteriaAnsweredAt ? <p className="text-slate-600">Answered {formatDay(group.criteriaAnsweredAt)}</p> : null}
          </>
        ) : (
          <p className="text-slate-600">The firm has not answered this category's questionnaire.</p>
        )}
      </div>
      {group.vendors.map((vendor) => (
        <BriefVendorSection key={vendor.vendorId} vendor={vendor} />
      ))}
    </section>
  );
}
