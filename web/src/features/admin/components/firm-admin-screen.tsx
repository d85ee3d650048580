import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import type { AdminFirm } from '@/lib/api/types';

import { useAdminFirms } from '../api/get-admin-firms';

import { AdminSection } from './admin-section';
import { BackupDownload } from './backup-download';
import { DisableFirmDialog } from './disable-firm-dialog';
import { FirmImport } from './firm-import';
import { FirmRow } from './firm-row';
import { MergeFirmsDialog } from './merge-firms-dialog';
import { OperatorHandover } from './operator-handover';
import { ScheduleDeletionDialog } from './schedule-deletion-dialog';
import { SignUpModeSetting } from './sign-up-mode-setting';
import { SsoDomainClaims } from './sso-domain-claims';

type Dialog = { kind: 'disable' | 'merge' | 'delete'; firm: AdminFirm } | null;

/** Every firm of the install, with the dialog (disable, merge, schedule deletion) the operator opened. */
export function FirmAdminScreen({ ownFirmId }: { ownFirmId: number }) {
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
        <AdminSection title="Backup">
          <BackupDownload />
        </AdminSection>
        <AdminSection id="hand-over" title="Hand over the operator role">
          <OperatorHandover />
        </AdminSection>
      </div>
      {dialog?.kind === 'disable' ? <DisableFirmDialog firm={dialog.firm} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? <ScheduleDeletionDialog firm={dialog.firm} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'merge' ? <MergeFirmsDialog into={dialog.firm} firms={items} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
