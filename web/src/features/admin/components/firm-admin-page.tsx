import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { AdminFirm, AdminFirmUpdate } from '@/lib/api/types';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { firmSizeOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';
import { formatDate } from '@/lib/format';

import { useAdminFirms } from '../api/get-admin-firms';
import { useKeepAdminFirm } from '../api/keep-admin-firm';
import { useScheduleAdminFirmDeletion } from '../api/schedule-admin-firm-deletion';
import { useUpdateAdminFirm } from '../api/update-admin-firm';

import { AdminAccessRequired } from './admin-access-required';
import { AdminSection } from './admin-section';
import { SsoDomainClaims } from './sso-domain-claims';
import { DisableFirmDialog } from './disable-firm-dialog';
import { FirmImport } from './firm-import';
import { MergeFirmsDialog } from './merge-firms-dialog';
import { SignUpModeSetting } from './sign-up-mode-setting';

/** /admin/firms for the operator; everyone else is told it needs an admin. */
export function FirmAdminPage() {
  const user = useUser();
  if (!user.data?.isAdmin) {
    return (
      <AdminAccessRequired title="Firms">
        Only the person who runs this Litstack can verify, disable or merge firms and choose who can sign up.
      </AdminAccessRequired>
    );
  }
  return <FirmAdminScreen ownFirmId={user.data.firm.id} />;
}

const created = (at: string) => formatDate(at);

type Dialog = { kind: 'disable' | 'merge' | 'delete'; firm: AdminFirm } | null;

function FirmAdminScreen({ ownFirmId }: { ownFirmId: number }) {
  const firms = useAdminFirms();
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = firms.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Firms"
        description="Every firm on this Litstack. Only verified firms count as evidence in other firms’ figures (peer counts, shares and outcomes)."
      />
      <div className="space-y-6">
        <AdminSection title="Firms">
          {firms.error ? (
            <Alert>{getErrorMessage(firms.error, 'Failed to load the firms. Please try again.')}</Alert>
          ) : !firms.data ? (
            <Spinner label="Loading firms..." />
          ) : (
            <div className="-mx-5 overflow-x-auto sm:mx-0">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Firms, with their members and whether they are verified or disabled</caption>
                <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-5 py-2 sm:pl-0">
                      Firm
                    </th>
                    <th scope="col" className="hidden px-3 py-2 md:table-cell">
                      Size
                    </th>
                    <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
                      Members
                    </th>
                    <th scope="col" className="hidden px-3 py-2 lg:table-cell">
                      Created
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Verified
                    </th>
                    <th scope="col" className="hidden px-3 py-2 md:table-cell">
                      Access
                    </th>
                    <th scope="col" className="px-5 py-2 text-right sm:pr-0">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {items.map((firm) => (
                    <FirmRow
                      key={firm.id}
                      firm={firm}
                      own={firm.id === ownFirmId}
                      onDisable={() => setDialog({ kind: 'disable', firm })}
                      onMerge={() => setDialog({ kind: 'merge', firm })}
                      onScheduleDeletion={() => setDialog({ kind: 'delete', firm })}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </AdminSection>
        <AdminSection title="Import a firm">
          <FirmImport />
        </AdminSection>
        <AdminSection title="Single sign-on domains">
          <SsoDomainClaims />
        </AdminSection>
        <AdminSection title="Sign-up">
          <SignUpModeSetting />
        </AdminSection>
      </div>
      {dialog?.kind === 'disable' ? <DisableFirmDialog firm={dialog.firm} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? <ScheduleDeletionDialog firm={dialog.firm} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'merge' ? <MergeFirmsDialog into={dialog.firm} firms={items} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/**
 * Asks before scheduling a firm's deletion, saying what goes and that it can be kept until then;
 * the server's refusal (the operator's own firm: 409) stays in the dialog.
 */
function ScheduleDeletionDialog({ firm, onClose }: { firm: AdminFirm; onClose: () => void }) {
  const schedule = useScheduleAdminFirmDeletion();
  const submit = () => {
    if (schedule.isPending) return;
    schedule.mutate(firm.id, {
      onSuccess: (answer) => {
        toast({ title: `${firm.name} will be deleted on ${formatDate(answer.dueAt)}`, description: 'You can keep it until then.' });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Schedule the deletion of ${firm.name}?`}
      confirmLabel="Schedule deletion"
      pendingLabel="Scheduling..."
      destructive
      pending={schedule.isPending}
      error={schedule.isError ? getErrorMessage(schedule.error, 'Could not schedule the firm’s deletion. Please try again.') : null}
      onConfirm={submit}
    >
      <p>
        {firm.name} and every member’s account will be removed, with everything the firm holds here, after this install’s waiting period.
        Until then you or an owner of the firm can keep it.
      </p>
    </ConfirmDialog>
  );
}

type FirmRowProps = { firm: AdminFirm; own: boolean; onDisable: () => void; onMerge: () => void; onScheduleDeletion: () => void };

function FirmRow({ firm, own, onDisable, onMerge, onScheduleDeletion }: FirmRowProps) {
  const update = useUpdateAdminFirm();
  const keep = useKeepAdminFirm();
  const dueAt = firm.deletionDueAt ?? null;
  const keepFirm = () =>
    keep.mutate(firm.id, {
      onSuccess: () => toast({ title: `${firm.name} stays`, description: 'Its deletion is taken back.' }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: getErrorMessage(error, 'The firm could not be kept. Please try again.'),
          variant: 'destructive',
        }),
    });
  const size = labelOf(firmSizeOptions, firm.size) ?? 'Size not given';
  const change = (patch: AdminFirmUpdate, done: string) =>
    update.mutate(
      { id: firm.id, update: patch },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: getErrorMessage(error, 'The firm could not be changed. Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <tr className={cn(firm.disabled && 'bg-red-50/60')}>
      <th scope="row" className="px-5 py-3 align-top font-normal sm:pl-0">
        <span className="block font-medium break-words text-slate-900">
          {firm.name}
          {own ? <span className="ml-1.5 text-xs font-normal text-slate-500">(your firm)</span> : null}
        </span>
        {/* What the hidden columns hold, on narrow screens. */}
        <span className="block text-xs text-slate-500 md:hidden">
          {size}
          <span className="sm:hidden"> · {firm.members === 1 ? '1 member' : `${firm.members} members`}</span>
        </span>
        <span className="block text-xs text-slate-500 lg:hidden">Created {created(firm.createdAt)}</span>
        {firm.disabled ? <span className="block text-xs font-semibold text-red-700 md:hidden">Disabled</span> : null}
        {dueAt ? (
          <span className="mt-0.5 block text-xs font-semibold text-red-700">
            Deletion on <time dateTime={dueAt}>{formatDate(dueAt)}</time>
          </span>
        ) : null}
      </th>
      <td className="hidden px-3 py-3 align-top whitespace-nowrap text-slate-700 md:table-cell">{size}</td>
      <td className="hidden px-3 py-3 text-right align-top text-slate-700 tabular-nums sm:table-cell">{firm.members}</td>
      <td className="hidden px-3 py-3 align-top whitespace-nowrap text-slate-700 lg:table-cell">
        <time dateTime={firm.createdAt}>{created(firm.createdAt)}</time>
      </td>
      <td className="px-3 py-3 align-top">
        {firm.verified ? (
          <span className="font-medium text-emerald-700">Verified</span>
        ) : (
          <span className="text-slate-600">Not verified</span>
        )}
      </td>
      <td className="hidden px-3 py-3 align-top md:table-cell">
        {firm.disabled ? <span className="font-semibold text-red-700">Disabled</span> : <span className="text-slate-700">Active</span>}
      </td>
      <td className="px-5 py-3 align-top sm:pr-0">
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              change({ verified: !firm.verified }, firm.verified ? `${firm.name} is no longer verified` : `${firm.name} is verified`)
            }
          >
            {firm.verified ? 'Unverify' : 'Verify'}
            <span className="sr-only"> {firm.name}</span>
          </Button>
          {firm.disabled ? (
            <Button
              variant="outline"
              size="sm"
              disabled={update.isPending}
              onClick={() => change({ disabled: false }, `${firm.name} is enabled`)}
            >
              Enable<span className="sr-only"> {firm.name}</span>
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={onDisable}>
              Disable<span className="sr-only"> {firm.name}</span>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onMerge}>
            Merge…<span className="sr-only"> into {firm.name}</span>
          </Button>
          {dueAt ? (
            <Button variant="outline" size="sm" disabled={keep.isPending} onClick={keepFirm}>
              {keep.isPending ? 'Keeping...' : 'Keep firm'}
              <span className="sr-only"> {firm.name}</span>
            </Button>
          ) : own ? null : (
            // The operator's own firm cannot be deleted (the server says why): no button for it.
            // On a phone its words may take two lines, so the column stays as narrow as the others.
            <Button
              variant="ghost"
              size="sm"
              className="max-sm:h-auto! max-sm:min-h-8 max-sm:py-1 max-sm:whitespace-normal!"
              onClick={onScheduleDeletion}
            >
              Schedule deletion...<span className="sr-only"> of {firm.name}</span>
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
