import { Link } from 'wouter';

import { comparePath, evaluationPath } from '@/config/links';
import type { ShortlistGroup } from '@/lib/api/types';

import { groupTitle } from './format';
import { ShortlistEntryCard } from './shortlist-entry-card';

/**
 * A category of the shortlist: its vendors, and links to compare and evaluate them, each at least
 * 24 px tall, so a finger's target holds however the header wraps on a phone.
 */
export function ShortlistGroupSection({ group }: { group: ShortlistGroup }) {
  const headingId = `shortlist-group-${group.categoryId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {groupTitle(group)}
        </h2>
        {group.compareIds.length >= 2 ? (
          <Link
            href={comparePath(group.compareIds)}
            className="inline-flex min-h-6 items-center text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            Compare {group.categoryLabel} vendors side by side
          </Link>
        ) : null}
        <Link
          href={evaluationPath(group.categoryId)}
          className="inline-flex min-h-6 items-center text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          aria-label={`Evaluate ${group.categoryLabel} vendors`}
        >
          Evaluate
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {group.entries.map((entry) => (
          <ShortlistEntryCard key={entry.vendorId} entry={entry} />
        ))}
      </div>
    </section>
  );
}
