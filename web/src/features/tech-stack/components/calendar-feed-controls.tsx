import { useState } from 'react';

import { OneTimeLinkDialog } from '@/components/one-time-link-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';

import { useCalendarFeed } from '../api/calendar-feed';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

/** The firm's secret calendar feed (owners and admins): make one, copy its URL once, revoke it. */
export function CalendarFeedControls() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const active = feed.data?.active === true;

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => setUrl(made.url),
      onError: (e) => toast({ title: 'The calendar feed was not made', description: e.message, variant: 'destructive' }),
    });

  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        {active
          ? `Your firm's calendar feed is on (made ${formatDate(feed.data?.createdAt)}). Calendar apps that subscribed to it see every deadline.`
          : 'A calendar feed lets a calendar app (Outlook, Google Calendar) subscribe to these deadlines through a secret address.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={make} disabled={create.isPending}>
          {active ? 'Make a new feed URL' : 'Create calendar feed'}
        </Button>
        {active ? (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={revoke.isPending}>
            Revoke feed
          </Button>
        ) : null}
      </div>
      <OneTimeLinkDialog link={url} onClose={() => setUrl(null)} title="Calendar feed" linkLabel="Calendar feed URL">
        <p>
          Subscribe to this address in your calendar app. Anyone with it can read your firm's renewal deadlines: share it only with
          colleagues. Litstack shows it only now; making a new one or revoking it stops this one working.
        </p>
      </OneTimeLinkDialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke the calendar feed?"
        confirmLabel="Revoke feed"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        error={revoke.error?.message ?? null}
        destructive
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Calendar feed revoked' });
            },
          })
        }
      >
        <p>Calendars subscribed to it stop receiving your firm&apos;s deadlines.</p>
      </ConfirmDialog>
    </div>
  );
}
