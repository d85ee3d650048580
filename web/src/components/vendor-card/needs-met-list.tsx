import { useId } from 'react';

/**
 * The needs a vendor meets, under the label "Needs met:", one questionnaire answer an item: an
 * answer that holds a semicolon ("Often; we need bilingual intake") stays one item. Nothing when
 * there are none.
 */
export function NeedsMetList({ needs, className }: { needs: readonly string[] | undefined; className?: string }) {
  const labelId = useId();
  if (!needs || needs.length === 0) return null;
  return (
    <div className={className}>
      <p id={labelId} className="font-medium">
        Needs met:
      </p>
      <ul aria-labelledby={labelId} className="list-[circle] space-y-0.5 pl-5">
        {needs.map((need) => (
          <li key={need}>{need}</li>
        ))}
      </ul>
    </div>
  );
}
