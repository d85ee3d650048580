import { useState } from 'react';

import { OneTimeLinkDialog } from '@/components/one-time-link-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { ImportedFirm, ResetLink } from '@/lib/api/types';
import { formatDateTime } from '@/lib/format';

import { useCreateOperatorResetLink } from '../api/create-operator-reset-link';

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
  const issueLink = useCreateOperatorResetLink();
  const [resetLink, setResetLink] = useState<ResetLink | null>(null);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{person.name}</p>
        <p className="truncate text-sm text-slate-600">
          {person.email} · {person.role}
        </p>
      </div>
      {person.role === 'owner' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={issueLink.isPending}
          aria-label={`Reset link for ${person.email}`}
          onClick={() =>
            issueLink.mutate(person.userId, {
              onSuccess: setResetLink,
              onError: (error) =>
                toast({
                  title: 'No reset link',
                  description: getErrorMessage(error, 'Failed to make a reset link. Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          {issueLink.isPending ? 'Making link...' : 'Reset link'}
        </Button>
      ) : null}
      <OneTimeLinkDialog
        link={resetLink?.link ?? null}
        onClose={() => setResetLink(null)}
        title={`Password-reset link for ${person.name}`}
        linkLabel="Reset link"
      >
        {resetLink?.emailed ? <p className="font-medium text-emerald-800">We emailed the link to {person.email}.</p> : null}
        <p>
          This link is shown only once. It works one time, for 15 minutes
          {resetLink ? ` (until ${formatDateTime(resetLink.expiresAt)})` : ''}.
        </p>
        {resetLink?.emailed ? null : <p>Email delivery is not set up, so send it to {person.email} yourself.</p>}
      </OneTimeLinkDialog>
    </li>
  );
}
