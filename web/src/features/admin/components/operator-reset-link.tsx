import { useState } from 'react';

import { OneTimeLinkDialog } from '@/components/one-time-link-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { ResetLink } from '@/lib/api/types';
import { formatDateTime } from '@/lib/format';

import { useCreateOperatorResetLink } from '../api/create-operator-reset-link';

/**
 * The operator's "Reset link" for one account, and the dialog that shows the one-time link once
 * (a locked account, an imported firm's owner).
 */
export function OperatorResetLink({ userId, name, email }: { userId: number; name: string; email: string }) {
  const issueLink = useCreateOperatorResetLink();
  const [resetLink, setResetLink] = useState<ResetLink | null>(null);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={issueLink.isPending}
        aria-label={`Reset link for ${email}`}
        onClick={() =>
          issueLink.mutate(userId, {
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
      <OneTimeLinkDialog
        link={resetLink?.link ?? null}
        onClose={() => setResetLink(null)}
        title={`Password-reset link for ${name}`}
        linkLabel="Reset link"
      >
        {resetLink?.emailed ? <p className="font-medium text-emerald-800">We emailed the link to {email}.</p> : null}
        <p>
          This link is shown only once. It works one time, for 15 minutes
          {resetLink ? ` (until ${formatDateTime(resetLink.expiresAt)})` : ''}; using it ends {name}&apos;s open sessions.
        </p>
        {resetLink?.emailed ? null : <p>Email delivery is not set up, so send it to {email} yourself.</p>}
      </OneTimeLinkDialog>
    </>
  );
}
