import { Fragment, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

import type { ProposalChange } from '../api/get-vendor-proposals';

type VendorProposalsChangesProps = {
  changes: ProposalChange[];
  className?: string;
  /** Each fact's decision, shown under its row (the operator's controls, or how it was decided). */
  decision?: (change: ProposalChange) => ReactNode;
};

/** What a proposal changes: each fact, its value now and the one proposed, and its decision. */
export function VendorProposalsChanges({ changes, className, decision }: VendorProposalsChangesProps) {
  return (
    <div className={cn('-mx-4 overflow-x-auto sm:mx-0', className)}>
      <table className="w-full min-w-[18rem] table-fixed text-left text-sm">
        <caption className="sr-only">What the proposal changes</caption>
        <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="w-1/4 px-4 py-2 sm:pl-0">
              Fact
            </th>
            <th scope="col" className="w-3/8 px-3 py-2">
              Now
            </th>
            <th scope="col" className="px-4 py-2 sm:pr-0">
              Proposed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {changes.map((change) => (
            <Fragment key={change.field}>
              <tr>
                <th scope="row" className="px-4 py-2 align-top font-medium text-slate-900 sm:pl-0">
                  {change.label}
                  {change.attestation ? <span className="block text-xs font-normal text-slate-500">Attestation</span> : null}
                </th>
                <td className="px-3 py-2 align-top text-slate-600 [overflow-wrap:anywhere]">{change.current}</td>
                <td className="px-4 py-2 align-top text-slate-900 [overflow-wrap:anywhere] sm:pr-0">{change.proposed}</td>
              </tr>
              {decision ? (
                <tr className="border-t-0">
                  <td colSpan={3} className="px-4 pb-3 sm:px-0">
                    {decision(change)}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
