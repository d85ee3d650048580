import { useState } from 'react';
import { useLocation } from 'wouter';

import { Button } from '@/components/ui/button';
import { evaluationPath } from '@/config/paths';
import { toast } from '@/components/ui/use-toast';
import type { CategoryAdoption, Contract } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { downloadFromApi } from '@/lib/download';
import { categoryLabel } from '@/lib/stages';

import { RENEWALS_ICS_URL, useRenewals } from '../api/get-renewals';
import { useReEvaluate } from '../api/re-evaluate';
import { annualCostText, noticeIsNear, noticeWithDateText, renewsText } from '../renewals';
import { CalendarFeedControls } from './calendar-feed-controls';
import { ContractDialog } from './contract-dialog';

type Tool = { id: number; name: string; category: string; categoryId: number; contract: Contract | undefined };

/** The catalog tools the firm lists (categories answered Yes), those with a contract first, by deadline. */
function toolsOf(items: CategoryAdoption[], contracts: Contract[]): Tool[] {
  const tools: Tool[] = items.flatMap((item) =>
    item.adoption.hasTool === true
      ? item.selectedVendors.map((selected) => ({
          id: selected.vendorId,
          name: item.vendors.find((v) => v.id === selected.vendorId)?.name ?? `Vendor ${selected.vendorId}`,
          category: categoryLabel(item.category.name),
          categoryId: item.category.id,
          contract: contracts.find((c) => c.toolId === selected.vendorId),
        }))
      : [],
  );
  const order = (tool: Tool) => (tool.contract ? contracts.indexOf(tool.contract) : contracts.length);
  return tools.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}

function ToolRow({ tool, canWrite, you }: { tool: Tool; canWrite: boolean; you: number | undefined }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const reEvaluate = useReEvaluate();
  const { contract } = tool;
  return (
    <li className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <div className="min-w-0">
        <h3 className="text-base font-semibold text-slate-900">{tool.name}</h3>
        <p className="text-xs text-slate-500">{tool.category}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="text-sm sm:text-right">
          {contract ? (
            <>
              <p
                className={cn(
                  'font-medium',
                  noticeIsNear(contract) ? 'text-amber-800' : contract.daysUntilDeadline < 0 ? 'text-slate-600' : 'text-slate-900',
                )}
              >
                {noticeWithDateText(contract)}
              </p>
              <p className="text-slate-600">
                {renewsText(contract)} · {annualCostText(contract.annualCost)}
                {contract.responsibleName ? ` · ${contract.responsibleName}` : ''}
              </p>
            </>
          ) : (
            <p className="text-slate-500">No contract saved</p>
          )}
        </div>
        {canWrite ? (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Contract: ${tool.name}`}>
            Contract
          </Button>
        ) : null}
        {canWrite ? (
          <Button
            variant="outline"
            size="sm"
            disabled={reEvaluate.isPending}
            aria-label={`Re-evaluate ${tool.category}`}
            onClick={() =>
              reEvaluate.mutate(tool.categoryId, {
                onSuccess: () => navigate(evaluationPath(tool.categoryId)),
                onError: () => toast({ title: 'The evaluation could not be started. Try again.' }),
              })
            }
          >
            Re-evaluate
          </Button>
        ) : null}
      </div>
      {open ? (
        <ContractDialog toolId={tool.id} toolName={tool.name} contract={contract} you={you} open={open} onOpenChange={setOpen} />
      ) : null}
    </li>
  );
}

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
  const download = () =>
    void downloadFromApi(RENEWALS_ICS_URL, 'litstack-renewals.ics').catch((e: Error) =>
      toast({ title: 'The calendar was not downloaded', description: e.message, variant: 'destructive' }),
    );

  return (
    <section aria-labelledby="renewals-heading" className="mb-8 space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="renewals-heading" className="text-lg font-semibold text-slate-900">
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
            <ToolRow key={tool.id} tool={tool} canWrite={canWrite} you={you} />
          ))}
        </ul>
      )}
      {renewals.isError ? <p className="text-sm text-red-600">The contracts could not be loaded: {renewals.error.message}</p> : null}
      {canManage ? <CalendarFeedControls /> : null}
    </section>
  );
}
