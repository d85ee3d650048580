import { useState } from 'react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';

import { latestRequest, useAskToJoin, useDemoRequestForm, useDemoRequests } from '@/lib/demo-requests';

import { DemoRequestDialog } from './demo-request-dialog';

/**
 * A vendor profile's demo through Litstack. A vendor with people on Litstack: "Request a demo", or
 * the firm's open request and where to follow it. A vendor without: "Ask them to join" (a request
 * would reach no one), or that the firm asked. A viewer reads the state with no control.
 */
export function DemoRequestPanel({ vendorId, vendorName }: { vendorId: number; vendorName: string }) {
  const { canWrite } = useFirmAccess();
  const form = useDemoRequestForm(vendorId);
  const requests = useDemoRequests();
  const ask = useAskToJoin(vendorId);
  const [asking, setAsking] = useState(false);

  const data = form.data;
  if (!data) return null;
  const open = data.openRequest == null ? undefined : latestRequest(requests.data, vendorId);

  let body;
  if (open) {
    body = (
      <>
        <p className="text-sm text-slate-700">{open.line}</p>
        <Link href={paths.shortlist} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
          Follow it on your shortlist
        </Link>
      </>
    );
  } else if (data.hasAccount) {
    if (!canWrite) return null;
    body = (
      <>
        <p className="text-sm text-slate-700">{vendorName} answers demo requests on Litstack. You choose what they see.</p>
        <Button size="sm" onClick={() => setAsking(true)}>
          Request a demo
        </Button>
      </>
    );
  } else if (data.askedToJoin) {
    body = <p className="text-sm text-slate-700">Your firm asked {vendorName} to join Litstack.</p>;
  } else {
    if (!canWrite) return null;
    const askToJoin = () =>
      ask.mutate(undefined, {
        onSuccess: () => toast({ title: `Asked ${vendorName} to join`, description: "Litstack's operator sees how many firms asked." }),
      });
    body = (
      <>
        <p className="text-sm text-slate-700">
          {vendorName} is not on Litstack yet, so a demo request here would reach no one.
          {ask.error ? <span className="block text-red-700">{getErrorMessage(ask.error, 'Asking failed. Please try again.')}</span> : null}
        </p>
        <Button size="sm" variant="outline" onClick={askToJoin} disabled={ask.isPending}>
          {ask.isPending ? 'Asking...' : 'Ask them to join'}
        </Button>
      </>
    );
  }

  return (
    <section
      aria-label="Demo through Litstack"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3"
    >
      {body}
      {asking ? <DemoRequestDialog form={data} onClose={() => setAsking(false)} /> : null}
    </section>
  );
}
