import { Button } from '@/components/ui/button';
import type { FeedChoice, FeedChoiceMade } from '@/lib/api/types';

import { factLabel } from '../catalog-feed';

type CatalogFeedChoiceProps = {
  choice: FeedChoice;
  /** A choice is being saved (this one or another): the buttons wait. */
  pending: boolean;
  onKeep: (keep: FeedChoiceMade['keep']) => void;
};

/** One fact changed both here and in the feed: both values, and the operator keeps one. */
export function CatalogFeedChoice({ choice, pending, onKeep }: CatalogFeedChoiceProps) {
  const label = factLabel(choice.fact);
  const which = (
    <span className="sr-only">
      {' '}
      for {choice.vendor}: {label}
    </span>
  );
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 p-4">
      <p className="text-sm break-words text-slate-900">
        <span className="font-semibold">{choice.vendor}</span>
        <span aria-hidden="true" className="text-slate-400">
          {' '}
          ·{' '}
        </span>
        <span className="sr-only">, </span>
        <span>{label}</span>
      </p>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Here</dt>
          <dd className="mt-0.5 text-slate-800 [overflow-wrap:anywhere]">{choice.local}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Feed</dt>
          <dd className="mt-0.5 text-slate-800 [overflow-wrap:anywhere]">{choice.feed}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={pending} onClick={() => onKeep('local')}>
          Keep ours{which}
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => onKeep('feed')}>
          Use the feed’s{which}
        </Button>
      </div>
    </li>
  );
}
