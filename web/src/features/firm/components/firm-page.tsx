import { useState } from 'react';

import { Button, buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess, VIEW_ONLY_NOTE } from '@/lib/auth';

import { auditCsvUrl } from '../api/get-audit-log';
import { useFirm } from '../api/get-firm';
import { useMembers } from '../api/get-members';

import { AuditLogList } from './audit-log';
import { DeleteFirm, WHAT_DELETION_DOES } from './delete-firm';
import { FirmDeletionNotice } from './firm-deletion-notice';
import { FirmDetails } from './firm-details';
import { FirmExport, WHAT_IS_EXPORTED } from './firm-export';
import { FirmSection } from './firm-section';
import { InvitationsList } from './invitations-list';
import { InviteForm } from './invite-form';
import { MembersList } from './members-list';
import { PriceSharingSettings } from './price-sharing';
import { RequireTwoStep } from './require-two-step';
import { SsoSettings } from './sso-settings';

const MANAGED_BY_OTHERS = 'Owners and admins manage the firm’s members, invitations and details.';

const TAB_OF_ANCHOR: Record<string, string> = {
  details: 'details',
  'firm-details': 'details',
  'firm-data': 'details',
  'delete-firm': 'details',
  security: 'security',
  'two-step': 'security',
  sso: 'security',
  'price-sharing': 'price-sharing',
  audit: 'audit',
};

function tabOfHash(hash: string): string {
  return TAB_OF_ANCHOR[hash.replace(/^#/, '')] ?? 'details';
}

/**
 * /firm: a scheduled deletion of the firm, if there is one, above all; its members (and, for
 * owners and admins, invitations) first; then tabs for the firm's details (and, for owners, its
 * data to download and its deletion), sign-in security, what firms pay and, for owners and
 * admins, the audit log.
 */
export function FirmPage() {
  const { role, canManage } = useFirmAccess();
  const firm = useFirm();
  const members = useMembers();
  // A link may open a tab: /firm#audit, or a section's own anchor (/firm#sso).
  const [tab, setTab] = useState(() => tabOfHash(window.location.hash));
  const selectTab = (id: string) => {
    setTab(id);
    window.history.replaceState(window.history.state, '', `#${id}`);
  };

  if (firm.isError || members.isError) {
    const error = firm.error ?? members.error;
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title="Firm" />
        <div role="alert" className="space-y-3 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-900/5">
          <p>{getErrorMessage(error, 'Failed to load your firm. Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void Promise.all([firm.refetch(), members.refetch()])}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (!firm.data || !members.data) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title="Firm" />
        <div className="py-16 text-center">
          <Spinner label="Loading your firm..." />
        </div>
      </div>
    );
  }

  const details = firm.data.firm;
  // The rest in tabs, each only for those who may see what it holds (the audit log: owners and admins).
  const tabs: TabItem[] = [
    {
      id: 'details',
      label: 'Details',
      content: (
        <div className="space-y-6">
          <FirmSection id="firm-details" icon="building" title="Firm details" description="The name and size everyone in the firm sees.">
            <FirmDetails firm={details} canManage={canManage} />
          </FirmSection>
          {role === 'owner' ? (
            <FirmSection id="firm-data" icon="download" title="Your firm’s data" description={WHAT_IS_EXPORTED}>
              <FirmExport />
            </FirmSection>
          ) : null}
          {role === 'owner' ? (
            <FirmSection id="delete-firm" icon="trash" title="Delete the firm" description={WHAT_DELETION_DOES}>
              <DeleteFirm firmName={details.name} />
            </FirmSection>
          ) : null}
        </div>
      ),
    },
    {
      id: 'security',
      label: 'Security',
      content: (
        <div className="space-y-6">
          <FirmSection
            id="two-step"
            icon="lock"
            title="Two-step sign-in"
            description="A code from a phone app at each sign-in, on top of the password."
          >
            <RequireTwoStep firm={details} isOwner={role === 'owner'} />
          </FirmSection>
          {role === 'owner' ? (
            <FirmSection
              id="sso"
              icon="lock"
              title="Single sign-on"
              description="Your people sign in with your firm’s identity provider (OpenID Connect: Microsoft Entra ID, Google Workspace, Okta…)."
            >
              <SsoSettings />
            </FirmSection>
          ) : null}
        </div>
      ),
    },
    {
      id: 'price-sharing',
      label: 'What firms pay',
      content: (
        <FirmSection
          id="price-sharing"
          icon="trends"
          title="What firms pay"
          description="Other firms see the median and range of what firms pay for a tool, never who pays what."
        >
          <PriceSharingSettings canManage={canManage} />
        </FirmSection>
      ),
    },
    ...(canManage
      ? [
          {
            id: 'audit',
            label: 'Audit log',
            content: (
              <FirmSection
                id="audit"
                icon="past"
                title="Audit log"
                description="Invitations, joins, role changes, removals, reset links and failed sign-ins, newest first."
                actions={
                  <a href={auditCsvUrl} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                    <Icon name="import" className="h-4 w-4" />
                    Download CSV
                  </a>
                }
              >
                <AuditLogList />
              </FirmSection>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Firm"
        description={
          <>
            Everyone at {details.name} shares one workspace: the tech stack, the shortlist, notes and decisions.
            {canManage ? null : (
              <span className="mt-1 block text-sm text-slate-500">{role === 'viewer' ? VIEW_ONLY_NOTE : MANAGED_BY_OTHERS}</span>
            )}
          </>
        }
      />
      {/* A scheduled deletion concerns everyone, so it comes before anything else. */}
      <FirmDeletionNotice isOwner={role === 'owner'} />
      {/* Members first: who is in the firm is what most people come here for. */}
      <div className="space-y-6">
        <FirmSection
          id="members"
          icon="users"
          title="Members"
          description={`${members.data.items.length} ${members.data.items.length === 1 ? 'person' : 'people'} with their role, when they joined and when they were last active.`}
        >
          <MembersList members={members.data.items} myRole={role} firmName={details.name} />
        </FirmSection>

        {canManage ? (
          <FirmSection
            id="invitations"
            icon="mail"
            title="Invite people"
            description="An invitation is a link for one email address: it works once and for 7 days."
          >
            <div className="space-y-6">
              <InviteForm myRole={role} firmName={details.name} />
              <InvitationsList />
            </div>
          </FirmSection>
        ) : null}

        <Tabs label="Firm settings" tabs={tabs} selected={tab} onSelect={selectTab} />
      </div>
    </div>
  );
}
