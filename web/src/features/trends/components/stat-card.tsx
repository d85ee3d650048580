import type { Change } from '../change';

import { ChangeText } from './change-text';

type StatCardProps = {
  title: string;
  value: string;
  detail: string;
  tone?: 'up' | 'down' | 'neutral';
  /** The comparison period's figure and the change to it. */
  compared?: { figure: string; change?: Change } | null;
};

/** One figure of the stat cards, with its comparison period when there is one. */
export function StatCard({ title, value, detail, tone = 'neutral', compared }: StatCardProps) {
  const toneClass = tone === 'up' ? 'text-emerald-700' : tone === 'down' ? 'text-red-700' : 'text-slate-600';
  return (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-5">
      <dt className="text-sm font-medium text-slate-600">{title}</dt>
      <dd className="mt-2 truncate text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{value}</dd>
      <dd className={`mt-1 text-xs ${toneClass}`}>{detail}</dd>
      {compared ? (
        <dd className="mt-1 text-xs text-slate-700">
          Comparison period: <span className="font-semibold tabular-nums">{compared.figure}</span>
          {compared.change ? (
            <>
              {', change '}
              <ChangeText change={compared.change} />
            </>
          ) : null}
        </dd>
      ) : null}
    </div>
  );
}
