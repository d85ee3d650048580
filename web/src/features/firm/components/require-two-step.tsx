import { Alert } from '@/components/ui/alert';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Firm } from '@/lib/api/types';
import { countOf } from '@/lib/format';

import { useSetMfaRequired } from '../api/set-mfa-required';

/** How many members still need to set it up, as the owner reads it. */
function withoutFactor(count: number, required: boolean): string {
  if (count === 0) return 'Every member has two-step sign-in on.';
  const who = `${countOf(count, 'member')} ${count === 1 ? 'has' : 'have'} not set it up yet`;
  return required ? `${who}: they set it up at their next sign-in, before anything else.` : `${who}.`;
}

/**
 * The owner's "Require two-step sign-in for every member" (everyone else reads whether it is on),
 * with how many members have no second factor yet. An owner without one is told by the server to
 * set up their own first.
 */
export function RequireTwoStep({ firm, isOwner }: { firm: Firm; isOwner: boolean }) {
  const save = useSetMfaRequired();
  if (firm.mfaRequiredByInstall) {
    return (
      <p className="text-sm text-slate-700">
        This Litstack requires two-step sign-in for every account, so every member of the firm uses it.
      </p>
    );
  }
  if (!isOwner) {
    return (
      <p className="text-sm text-slate-700">
        {firm.mfaRequired
          ? 'Your firm requires two-step sign-in for every member.'
          : 'Your firm does not require two-step sign-in. Each member can turn it on for their own account on their profile.'}
      </p>
    );
  }
  const onChange = (required: boolean) =>
    save.mutate(
      { required },
      {
        onSuccess: () =>
          toast({
            title: required ? 'Two-step sign-in required' : 'Two-step sign-in no longer required',
            description: required
              ? 'Members without it set it up at their next sign-in.'
              : 'Each member can still keep it on for their own account.',
          }),
      },
    );
  return (
    <div className="space-y-3">
      {save.isError ? <Alert>{getErrorMessage(save.error, 'Could not save the setting. Please try again.')}</Alert> : null}
      <label className="flex cursor-pointer items-start gap-3 has-[:disabled]:cursor-not-allowed">
        <input
          type="checkbox"
          role="switch"
          checked={firm.mfaRequired}
          disabled={save.isPending}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={firm.membersWithoutMfa != null ? 'require-two-step-count' : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        />
        <span className="text-sm font-medium text-slate-900">Require two-step sign-in for every member</span>
      </label>
      {firm.membersWithoutMfa != null ? (
        <p id="require-two-step-count" className="pl-8 text-sm text-slate-600">
          {withoutFactor(firm.membersWithoutMfa, firm.mfaRequired)}
        </p>
      ) : null}
    </div>
  );
}
