import { useSearch } from 'wouter';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { CategoryAdoption } from '@/lib/api/types';
import { downloadFromApi } from '@/lib/download';

import { RENEWALS_ICS_URL, useRenewals } from '../api/get-renewals';
import { toolsOf } from '../renewals';
import { CalendarFeedControls } from './calendar-feed-controls';
import { RenewalToolRow } from './renewal-tool-row';

/**
 * "Contracts and renewals" on /tech-stack: every catalog tool the firm lists, with its contract's
 * opt-out deadline ("Notice due in 23 days"), soonest first; the calendar download, and for owners
 * and admins the secret calendar feed.
 */
export function RenewalsSection({
  items,
  canWrite,
  canManage,
  you,
}: {
  items: CategoryAdoption[];
  canWrite: boolean;
  canManage: boolean;
  you: number | undefined;
}) {
  const renewals = useRenewals();
  const tools = toolsOf(items, renewals.data?.items ?? []);
  // ?contract=ID (a final decision links here) opens that tool's Contract once the contracts are in.
  const named = Number(new URLSearchParams(useSearch()).get('contract'));
  const download = () =>
    void downloadFromApi(RENEWALS_ICS_URL, 'litstack-renewals.ics').catch((e: Error) =>
      toast({ title: 'The calendar was not downloaded', description: e.message, variant: 'destructive' }),
    );

  return (
    <section aria-labelledby="renewals-heading" className="mb-8 space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="renewals-heading" className="scroll-mt-6 text-lg font-semibold text-slate-900">
            Contracts and renewals
          </h2>
          <p className="text-sm text-slate-600">The last day to give notice on each tool, soonest first.</p>
        </div>
        {renewals.data && renewals.data.items.length > 0 ? (
          <Button variant="outline" size="sm" onClick={download}>
            Download calendar (.ics)
          </Button>
        ) : null}
      </div>
      {tools.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-3.5 text-sm text-slate-600">
          List the tools your firm uses below; then each can hold its contract and renewal date.
        </p>
      ) : (
        <ul aria-label="Tools and their contracts" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {tools.map((tool) => (
            <RenewalToolRow
              key={tool.id}
              tool={tool}
              contractsIn={renewals.isSuccess}
              canWrite={canWrite}
              you={you}
              openAtStart={renewals.isSuccess && tool.id === named}
            />
          ))}
        </ul>
      )}
      {renewals.isError ? <p className="text-sm text-red-600">The contracts could not be loaded: {renewals.error.message}</p> : null}
      {canManage ? <CalendarFeedControls /> : null}
    </section>
  );
}
