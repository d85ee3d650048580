import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { AdminFirm, AdminFirmUpdate } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { firmSizeOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';
import { formatDate } from '@/lib/format';

import { useKeepAdminFirm } from '../api/keep-admin-firm';
import { useUpdateAdminFirm } from '../api/update-admin-firm';

const created = (at: string) => formatDate(at);

type FirmRowProps = { firm: AdminFirm; own: boolean; onDisable: () => void; onMerge: () => void; onScheduleDeletion: () => void };

/** One firm of the operator's list: its details, whether it is verified, and its actions. */
export function FirmRow({ firm, own, onDisable, onMerge, onScheduleDeletion }: FirmRowProps) {
  const update = useUpdateAdminFirm();
  const keep = useKeepAdminFirm();
  const dueAt = firm.deletionDueAt ?? null;
  const keepFirm = () =>
    keep.mutate(firm.id, {
      onSuccess: () => toast({ title: `${firm.name} stays`, description: 'Its deletion is taken back.' }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: getErrorMessage(error, 'The firm could not be kept. Please try again.'),
          variant: 'destructive',
        }),
    });
  const size = labelOf(firmSizeOptions, firm.size) ?? 'Size not given';
  const change = (patch: AdminFirmUpdate, done: string) =>
    update.mutate(
      { id: firm.id, update: patch },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: getErrorMessage(error, 'The firm could not be changed. Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <tr className={cn(firm.disabled && 'bg-red-50/60')}>
      <th scope="row" className="px-5 py-3 align-top font-normal sm:pl-0">
        <span className="block font-medium break-words text-slate-900">
          {firm.name}
          {own ? <span className="ml-1.5 text-xs font-normal text-slate-500">(your firm)</span> : null}
        </span>
        {/* What the hidden columns hold, on narrow screens. */}
        <span className="block text-xs text-slate-500 md:hidden">
          {size}
          <span className="sm:hidden"> · {firm.members === 1 ? '1 member' : `${firm.members} members`}</span>
        </span>
        <span className="block text-xs text-slate-500 lg:hidden">Created {created(firm.createdAt)}</span>
        {firm.disabled ? <span className="block text-xs font-semibold text-red-700 md:hidden">Disabled</span> : null}
        {dueAt ? (
          <span className="mt-0.5 block text-xs font-semibold text-red-700">
            Deletion on <time dateTime={dueAt}>{formatDate(dueAt)}</time>
          </span>
        ) : null}
      </th>
      <td className="hidden px-3 py-3 align-top whitespace-nowrap text-slate-700 md:table-cell">{size}</td>
      <td className="hidden px-3 py-3 text-right align-top text-slate-700 tabular-nums sm:table-cell">{firm.members}</td>
      <td className="hidden px-3 py-3 align-top whitespace-nowrap text-slate-700 lg:table-cell">
        <time dateTime={firm.createdAt}>{created(firm.createdAt)}</time>
      </td>
      <td className="px-3 py-3 align-top">
        {firm.verified ? (
          <span className="font-medium text-emerald-700">Verified</span>
        ) : (
          <span className="text-slate-600">Not verified</span>
        )}
      </td>
      <td className="hidden px-3 py-3 align-top md:table-cell">
        {firm.disabled ? <span className="font-semibold text-red-700">Disabled</span> : <span className="text-slate-700">Active</span>}
      </td>
      <td className="px-5 py-3 align-top sm:pr-0">
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              change({ verified: !firm.verified }, firm.verified ? `${firm.name} is no longer verified` : `${firm.name} is verified`)
            }
          >
            {firm.verified ? 'Unverify' : 'Verify'}
            <span className="sr-only"> {firm.name}</span>
          </Button>
          {firm.disabled ? (
            <Button
              variant="outline"
              size="sm"
              disabled={update.isPending}
              onClick={() => change({ disabled: false }, `${firm.name} is enabled`)}
            >
              Enable<span className="sr-only"> {firm.name}</span>
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={onDisable}>
              Disable<span className="sr-only"> {firm.name}</span>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onMerge}>
            Merge…<span className="sr-only"> into {firm.name}</span>
          </Button>
          {dueAt ? (
            <Button variant="outline" size="sm" disabled={keep.isPending} onClick={keepFirm}>
              {keep.isPending ? 'Keeping...' : 'Keep firm'}
              <span className="sr-only"> {firm.name}</span>
            </Button>
          ) : own ? null : (
            // The operator's own firm cannot be deleted (the server says why): no button for it.
            // On a phone its words may take two lines, so the column stays as narrow as the others.
            <Button
              variant="ghost"
              size="sm"
              className="max-sm:h-auto! max-sm:min-h-8 max-sm:py-1 max-sm:whitespace-normal!"
              onClick={onScheduleDeletion}
            >
              Schedule deletion...<span className="sr-only"> of {firm.name}</span>
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
