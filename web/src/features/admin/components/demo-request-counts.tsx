import { Alert } from '@/components/ui/alert';
import { SideScroller } from '@/components/ui/side-scroller';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useDemoRequestCounts } from '../api/get-demo-request-counts';

import { AdminSection } from './admin-section';

/**
 * Demo requests firms sent through Litstack and the vendors they asked to join, counted per vendor
 * (most asked first). The operator sees counts only: what a firm shared is between it and the
 * vendor.
 */
export function DemoRequestCounts() {
  const counts = useDemoRequestCounts();
  return (
    <AdminSection title="Demo requests and asks to join" id="demo-requests">
      {counts.isPending ? (
        <Spinner label="Loading demo request counts..." />
      ) : counts.isError ? (
        <Alert>{getErrorMessage(counts.error, 'Failed to load demo request counts.')}</Alert>
      ) : counts.data.length === 0 ? (
        <p className="text-sm text-slate-600">No firm has requested a demo or asked a vendor to join yet.</p>
      ) : (
        <SideScroller label="Demo requests and asks to join, per vendor">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Demo requests and asks to join, per vendor</caption>
            <thead className="text-slate-600">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Vendor
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Requests
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Answered
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Booked
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Withdrawn
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  Firms that asked it to join
                </th>
              </tr>
            </thead>
            <tbody>
              {counts.data.map((c) => (
                <tr key={c.vendorId} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {c.vendorName}
                    <span className="block text-xs font-normal text-slate-600">
                      {c.hasAccount ? 'Has people on Litstack' : 'Not on Litstack'}
                    </span>
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{c.requested}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{c.answered}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{c.booked}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{c.withdrawn}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{c.firmsAskedToJoin}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </SideScroller>
      )}
    </AdminSection>
  );
}
