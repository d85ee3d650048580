import { useState } from 'react';
import { useLocation } from 'wouter';

import { Button } from '@/components/ui/button';
import { evaluationPath } from '@/config/links';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';

import { useReEvaluate } from '../api/re-evaluate';
import { annualCostText, noticeIsNear, noticeWithDateText, renewsText, type RenewalTool } from '../renewals';
import { ContractDialog } from './contract-dialog';

/**
 * A tool of the renewals list: its contract's dates and cost, and its actions. Until the contracts
 * are in (`contractsIn`) the row says so and offers no Contract, whose dialog would start empty
 * over a saved contract. `openAtStart`: the row a link named (a final decision's "Add its
 * contract") opens its dialog once the contracts are in. The row stays mounted as they arrive, so
 * a dialog a person opened stays open.
 */
export function RenewalToolRow({
  tool,
  contractsIn,
  canWrite,
  you,
  openAtStart = false,
}: {
  tool: RenewalTool;
  contractsIn: boolean;
  canWrite: boolean;
  you: number | undefined;
  openAtStart?: boolean;
}) {
  const [open, setOpen] = useState(openAtStart && canWrite);
  // The link's row opens once, when the contracts arrive after the row was first shown.
  const [linkOpened, setLinkOpened] = useState(openAtStart);
  if (openAtStart && !linkOpened) {
    setLinkOpened(true);
    if (canWrite) setOpen(true);
  }
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
            <p className="text-slate-500">{contractsIn ? 'No contract saved' : 'Loading its contract...'}</p>
          )}
        </div>
        {canWrite && contractsIn ? (
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
