import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { OneTimeLinkDialog } from '@/components/one-time-link-dialog';
import { getErrorMessage } from '@/lib/api-client';
import type { Member, ResetLink } from '@/lib/api/types';

import { useChangeMemberRole } from '../api/change-member-role';
import { useCreateResetLink } from '../api/create-reset-link';
import { useRemoveMember } from '../api/remove-member';
import { formatDateTime } from '../format';
import type { MemberActions } from '../member-actions';

type MemberButtonsProps = { member: Member; actions: MemberActions; firmName: string };

/** Make owner, Reset link and Remove, each asking or showing what it did in a dialog. */
export function MemberButtons({ member, actions, firmName }: MemberButtonsProps) {
  const [asking, setAsking] = useState<'remove' | 'owner' | null>(null);
  const [resetLink, setResetLink] = useState<ResetLink | null>(null);
  const remove = useRemoveMember();
  const makeOwner = useChangeMemberRole();
  const issueLink = useCreateResetLink();
  if (!actions.canMakeOwner && !actions.canRemove && !actions.canIssueResetLink) return null;

  const close = () => {
    setAsking(null);
    remove.reset();
    makeOwner.reset();
  };

  return (
    <div className="flex flex-wrap gap-2">
      {actions.canMakeOwner ? (
        <Button variant="outline" size="sm" onClick={() => setAsking('owner')}>
          Make owner<span className="sr-only"> ({member.name})</span>
        </Button>
      ) : null}
      {actions.canIssueResetLink ? (
        <Button
          variant="outline"
          size="sm"
          disabled={issueLink.isPending}
          onClick={() =>
            issueLink.mutate(member.userId, {
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
          <span className="sr-only"> for {member.name}</span>
        </Button>
      ) : null}
      {actions.canRemove ? (
        <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setAsking('remove')}>
          Remove<span className="sr-only"> {member.name}</span>
        </Button>
      ) : null}

      <ConfirmDialog
        open={asking === 'remove'}
        onOpenChange={(open) => (open ? setAsking('remove') : close())}
        title={`Remove ${member.name} from ${firmName}?`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        destructive
        pending={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error, 'Failed to remove the member. Please try again.') : null}
        onConfirm={() =>
          remove.mutate(member.userId, {
            onSuccess: () => {
              close();
              toast({ title: 'Member removed', description: `${member.name} no longer has access to ${firmName}.` });
            },
          })
        }
      >
        <p>
          {member.name} ({member.email}) loses access at once: their open sessions end. What they added for the firm, such as notes and
          shortlist entries, stays.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'owner'}
        onOpenChange={(open) => (open ? setAsking('owner') : close())}
        title={`Make ${member.name} an owner?`}
        confirmLabel="Make owner"
        pendingLabel="Saving..."
        pending={makeOwner.isPending}
        error={makeOwner.isError ? getErrorMessage(makeOwner.error, 'Failed to change the role. Please try again.') : null}
        onConfirm={() =>
          makeOwner.mutate(
            { userId: member.userId, role: 'owner' },
            {
              onSuccess: () => {
                close();
                toast({ title: 'Owner added', description: `${member.name} is now an owner of ${firmName}.` });
              },
            },
          )
        }
      >
        <p>
          Owners can do everything admins can, and can also make or remove other owners. A firm can have several owners, and always keeps at
          least one.
        </p>
      </ConfirmDialog>

      <OneTimeLinkDialog
        link={resetLink?.link ?? null}
        onClose={() => setResetLink(null)}
        title={`Password-reset link for ${member.name}`}
        linkLabel="Reset link"
      >
        {resetLink?.emailed ? <p className="font-medium text-emerald-800">We emailed the link to {member.email}.</p> : null}
        <p>
          This link is shown only once. It works one time, for 15 minutes
          {resetLink ? ` (until ${formatDateTime(resetLink.expiresAt)})` : ''}; using it ends {member.name}&apos;s open sessions.
        </p>
        {resetLink?.emailed ? null : <p>Email delivery is not set up yet, so send it to {member.name} yourself.</p>}
      </OneTimeLinkDialog>
    </div>
  );
}
