import type { ImportedFirm } from '@/lib/api/types';

import { ImportedPerson } from './imported-person';

/**
 * An imported firm's people, who have no password here yet: the operator makes an owner a
 * one-time reset link, and that owner gives the others theirs on the Firm page.
 */
export function ImportedPeople({ people }: { people: ImportedFirm['people'] }) {
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-slate-900">People</h4>
      <ul className="divide-y divide-emerald-100 rounded-lg bg-white px-3 ring-1 ring-slate-900/5">
        {people.map((person) => (
          <ImportedPerson key={person.userId} person={person} />
        ))}
      </ul>
    </div>
  );
}
