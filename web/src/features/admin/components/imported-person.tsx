import type { ImportedFirm } from '@/lib/api/types';

import { OperatorResetLink } from './operator-reset-link';

type Person = ImportedFirm['people'][number];

/** A person of the imported firm; an owner with the reset link that lets them in. */
export function ImportedPerson({ person }: { person: Person }) {
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
