import { Link } from 'wouter';

import { vendorProfilePath } from '@/config/links';
import type { TieGroup as TieGroupData } from '@/lib/api/types';

/**
 * A stage's tie group: the vendors that fit the firm equally on what we know, by name (no order
 * is implied), each linked to its profile, and what the catalog does not know of them: the facts
 * none of them states, then those some do not state, with how many.
 */
export function TieGroup({ group, labelledBy }: { group: TieGroupData; labelledBy: string }) {
  const size = group.vendors.length;
  const ofAll = group.notKnown.filter((n) => n.vendors >= size).map((n) => n.fact);
  const ofSome = group.notKnown.filter((n) => n.vendors < size).map((n) => `${n.fact} (${n.vendors} of ${size})`);
  return (
    <div aria-labelledby={labelledBy} role="group" className="space-y-1 text-sm text-slate-700">
      <p>
        <span className="font-medium">Equal on what we know: </span>
        {group.vendors.map((v, i) => (
          <span key={v.vendorId}>
            {i > 0 ? ', ' : null}
            <Link href={vendorProfilePath(v.vendorId)} className="text-indigo-700 underline-offset-2 hover:underline">
              {v.name}
            </Link>
          </span>
        ))}
      </p>
      {ofAll.length > 0 ? (
        <p>
          <span className="font-medium">{size === 2 ? 'Not known for either: ' : `Not known for any of the ${size}: `}</span>
          {ofAll.join(', ')}
        </p>
      ) : null}
      {ofSome.length > 0 ? (
        <p>
          <span className="font-medium">Not known for some: </span>
          {ofSome.join(', ')}
        </p>
      ) : null}
    </div>
  );
}
