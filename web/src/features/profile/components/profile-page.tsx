import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useProfile } from '../api/get-profile';

import { FirmDetailsForm } from './firm-details-form';
import { NotificationsForm } from './notifications-form';
import { OperatorOfferSection } from './operator-offer-section';
import { ProfileForm } from './profile-form';
import { SecurityForm } from './security-form';
import { SessionsSection } from './sessions-section';
import { SettingsSection } from './settings-section';
import { TwoStepSection } from './two-step-section';

export function ProfilePage() {
  const profile = useProfile();

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Profile Settings" description="Manage your account, your firm’s details and your password." />
      {profile.isPending ? (
        <div className="py-16 text-center">
          <Spinner label="Loading your profile..." />
        </div>
      ) : profile.isError ? (
        <div role="alert" className="space-y-3 rounded-2xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-900/5">
          <p>{getErrorMessage(profile.error, 'Failed to load your profile. Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          <OperatorOfferSection />
          <SettingsSection id="profile" icon="profile" title="Profile" description="Your name, sign-in email and firm.">
            <ProfileForm key={profile.data.user.email} user={profile.data.user} />
          </SettingsSection>
          <SettingsSection id="firm-details" icon="building" title="Firm Details" description="Your info helps personalize recommendations">
            <FirmDetailsForm key={JSON.stringify(profile.data.onboarding)} details={profile.data.onboarding ?? null} />
          </SettingsSection>
          <SettingsSection id="security" icon="lock" title="Security" description="Change the password you sign in with.">
            <SecurityForm />
          </SettingsSection>
          <SettingsSection
            id="two-step"
            icon="lock"
            title="Two-step sign-in"
            description="A code from an app on your phone, asked at every sign-in."
          >
            <TwoStepSection />
          </SettingsSection>
          <SettingsSection
            id="sessions"
            icon="users"
            title="Where you're signed in"
            description="Your browsers and devices with an open session."
          >
            <SessionsSection />
          </SettingsSection>
          <SettingsSection
            id="notifications"
            icon="bell"
            title="Notifications"
            description="Which messages you get by email and under the bell."
          >
            <NotificationsForm />
          </SettingsSection>
        </div>
      )}
    </div>
  );
}
