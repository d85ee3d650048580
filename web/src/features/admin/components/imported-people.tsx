import type { ImportedFirm } from '@/lib/api/types';

import { OperatorResetLink } from './operator-reset-link';

type Person = ImportedFirm['people'][number];

/**
 * An imported firm's people, who have no password here yet: the operator makes an owner a
 * one-time reset link, and that owner gives the others theirs on the Firm page.
 */
export function ImportedPeople({ people }: { people: Person[] }) {
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

function ImportedPerson({ person }: { person: Person }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{person.name}</p>
        <p className="truncate text-sm text-slate-600">
          {person.email} · {person.role}
        </p>
      </div>
      {person.role === 'owner' ? <OperatorResetLink userId={person.userId} name={person.name} email={person.email} /> : null}
    </li>
  );
}
