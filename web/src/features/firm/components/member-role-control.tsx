import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { FirmRole, Member } from '@/lib/api/types';
import { firmRoleOptions } from '@/lib/firm-options';
import { cn } from '@/lib/cn';

import { useChangeMemberRole } from '../api/change-member-role';
import type { MemberActions } from '../member-actions';

const isRole = (value: string): value is FirmRole => firmRoleOptions.some((option) => option.value === value);

/** A member's role: a select with Save for those who may change it, else the role's name. */
export function MemberRoleControl({ member, actions }: { member: Member; actions: MemberActions }) {
  const selectId = useId();
  const [draft, setDraft] = useState<FirmRole>(member.role);
  const change = useChangeMemberRole();
  const label = firmRoleOptions.find((option) => option.value === member.role)?.label ?? member.role;
  if (!actions.canChangeRole) return <span className="text-sm text-slate-900">{label}</span>;

  const save = () =>
    change.mutate(
      { userId: member.userId, role: draft },
      {
        onSuccess: ({ member: changed }) =>
          toast({
            title: 'Role changed',
            description: `${changed.name} is now ${firmRoleOptions.find((o) => o.value === changed.role)?.label.toLowerCase()}.`,
          }),
        onError: (error) => {
          setDraft(member.role);
          toast({
            title: 'Role not changed',
            description: getErrorMessage(error, 'Failed to change the role. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Role of {member.name}
      </label>
      <select
        id={selectId}
        value={draft}
        disabled={change.isPending}
        onChange={(event) => {
          if (isRole(event.target.value)) setDraft(event.target.value);
        }}
        className={cn(inputClasses, 'h-8 w-auto border-slate-300 py-0 pr-8')}
      >
        {actions.roleChoices.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {draft !== member.role ? (
        <Button size="sm" onClick={save} disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save'}
          <span className="sr-only"> role of {member.name}</span>
        </Button>
      ) : null}
    </div>
  );
}
