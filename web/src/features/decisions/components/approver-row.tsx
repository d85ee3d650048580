import type { DecisionApprover } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

const STATE_TEXT: Record<string, string> = {
  waiting: 'Waiting',
  approved: 'Approved this version',
  stale: 'Approved an earlier version',
  objected: 'Objected',
};

/** One approver: their answer to the current version (or an earlier one), their comment, and what changed since. */
export function ApproverRow({ approver }: { approver: DecisionApprover }) {
  return (
    <li className="space-y-1 px-4 py-3">
      <p className="text-sm">
        <span className="font-medium text-slate-900">{approver.name}</span>{' '}
        <span
          className={cn(
            'font-medium',
            approver.state === 'approved' ? 'text-emerald-800' : approver.state === 'objected' ? 'text-red-700' : 'text-amber-800',
          )}
        >
          {STATE_TEXT[approver.state] ?? approver.state}
          {approver.answeredVersion != null && approver.state !== 'approved' && approver.state !== 'waiting'
            ? ` (version ${approver.answeredVersion})`
            : ''}
        </span>
        {approver.answeredAt ? <span className="text-slate-600"> · {formatDateTime(approver.answeredAt)}</span> : null}
      </p>
      {approver.comment ? <p className="text-sm whitespace-pre-wrap text-slate-700">“{approver.comment}”</p> : null}
      {approver.changesSince.length > 0 ? (
        <div className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="font-medium">What changed since</p>
          <ul className="list-disc pl-5">
            {approver.changesSince.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
