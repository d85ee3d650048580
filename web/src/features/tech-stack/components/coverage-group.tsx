import { Link } from 'wouter';

import { questionnairePath } from '@/config/links';
import type { Coverage, CoverageItem } from '@/lib/api/types';

import { isGap, peerLine, toolPhrase } from '../coverage';

import { CoverageMark } from './coverage-mark';
import { linkClasses } from './styles';

/** A group of the coverage map (the stages, or the other categories), each with the firm's answer. */
export function CoverageGroup({ title, items, coverage }: { title: string; items: CoverageItem[]; coverage: Coverage }) {
  return (
    <>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-800">{title}</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((item) => {
          const peers = peerLine(coverage, item);
          return (
            <li key={item.categoryId} className="rounded-lg border border-slate-200 px-3 py-2.5">
              <div className="flex items-start justify-between gap-2">
                <p className="text-sm font-medium text-slate-900">
                  {item.stage != null ? <span className="text-slate-600">{item.stage}. </span> : null}
                  {item.categoryLabel}
                </p>
                <CoverageMark hasTool={item.hasTool ?? null} />
              </div>
              {peers ? <p className="mt-0.5 text-sm text-slate-600">{peers}</p> : null}
              {isGap(item) ? (
                <Link href={questionnairePath(item.categoryId)} className={`mt-1 inline-block text-sm ${linkClasses}`}>
                  Find {toolPhrase(item.categoryLabel)}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
