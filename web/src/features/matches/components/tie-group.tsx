import { Link } from 'wouter';

import { vendorProfilePath } from '@/config/links';
import type { TieGroup as TieGroupData } from '@/lib/api/types';

/** "all 6", "both" or "5 of 6": how many of the group do not state a fact. */
function ofGroup(vendors: number, size: number): string {
  if (vendors < size) return `${vendors} of ${size}`;
  return size === 2 ? 'both' : `all ${size}`;
}

/**
 * A stage's tie group: the vendors that fit the firm equally on what we know, by name (no order
 * is implied), each linked to its profile, and what the catalog does not know of them.
 */
export function TieGroup({ group, labelledBy }: { group: TieGroupData; labelledBy: string }) {
  const size = group.vendors.length;
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
      {group.notKnown.length > 0 ? (
        <p>
          <span className="font-medium">Not known: </span>
          {group.notKnown.map((n) => `${n.fact} (${ofGroup(n.vendors, size)})`).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
