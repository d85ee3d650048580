import type { Change } from '../change';
import { changeTone, toneClasses } from '../change';

import { ChangeText } from './change-text';

type StatCardProps = {
  title: string;
  value: string;
  detail: string;
  /** The card's one change, as the server gave it: shown after the detail, in its tone. */
  change?: Change | null;
  /** Words after the change, e.g. "vs the 30 days before". */
  changeSuffix?: string;
};

/** One figure of the stat cards, with at most one change: the one the server computed. */
export function StatCard({ title, value, detail, change, changeSuffix }: StatCardProps) {
  const tone = change ? toneClasses[changeTone(change)] : 'text-slate-600';
  return (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-5">
      <dt className="text-sm font-medium text-slate-600">{title}</dt>
      <dd className="mt-2 truncate text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{value}</dd>
      <dd className={`mt-1 text-xs ${change ? 'text-slate-700' : tone}`}>
        {detail}
        {change ? (
          <>
            {', change '}
            <ChangeText change={change} className="font-semibold tabular-nums" />
            {changeSuffix ? ` ${changeSuffix}` : null}
          </>
        ) : null}
      </dd>
    </div>
  );
}
