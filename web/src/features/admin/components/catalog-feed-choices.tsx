import { useEffect, useId, useRef, useState } from 'react';

import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { FeedChoice, FeedChoiceMade } from '@/lib/api/types';
import { countOf } from '@/lib/format';

import { useChooseCatalogFeedValue } from '../api/choose-catalog-feed-value';
import { factLabel } from '../catalog-feed';
import { CatalogFeedChoice } from './catalog-feed-choice';

/**
 * The facts a pull found changed both here and in the feed; the value set here serves until a
 * choice is made. Mounted whatever the choices, so a choice's outcome is told even when it was the
 * last one, and the keyboard focus lands on what is left rather than on the page.
 */
export function CatalogFeedChoices({ choices }: { choices: FeedChoice[] }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const choose = useChooseCatalogFeedValue();
  const [madeOne, setMadeOne] = useState(false);
  // How many choices are left after the one just made: the focus moves once the list shows that.
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useEffect(() => {
    if (focusAt === null || choices.length !== focusAt) return;
    setFocusAt(null);
    (headingRef.current ?? doneRef.current)?.focus();
  }, [focusAt, choices.length]);

  const keep = (choice: FeedChoice, keep: FeedChoiceMade['keep']) =>
    choose.mutate(
      { vendorId: choice.vendorId, fact: choice.fact, keep },
      {
        onSuccess: (status) => {
          toast({
            title: `${choice.vendor} · ${factLabel(choice.fact)}`,
            description: keep === 'feed' ? 'The feed’s value is kept.' : 'The value set here is kept.',
          });
          setMadeOne(true);
          setFocusAt(status.choices.length);
        },
        onError: (error) => {
          toast({
            title: 'The choice could not be saved',
            description: getErrorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
          headingRef.current?.focus();
        },
      },
    );

  if (choices.length === 0) {
    return madeOne ? (
      <p ref={doneRef} tabIndex={-1} className="text-sm text-slate-600 focus:outline-none">
        Every fact changed here and in the feed has the value you chose.
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h3 ref={headingRef} id={headingId} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
          Changed here and in the feed
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {countOf(choices.length, 'fact was', 'facts were')} changed on this install and by the feed’s publisher. The value set here is
          shown until you choose.
        </p>
      </div>
      <ul aria-labelledby={headingId} className="space-y-3">
        {choices.map((choice) => (
          <CatalogFeedChoice
            key={`${choice.vendorId}-${choice.fact}`}
            choice={choice}
            pending={choose.isPending}
            onKeep={(which) => keep(choice, which)}
          />
        ))}
      </ul>
    </section>
  );
}
