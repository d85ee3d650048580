import type { DecisionRecord } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { formatCents } from '@/lib/money';

import { Fact } from './fact';
import { RecordSection } from './record-section';

/** The decision itself: chosen, runner-up, reasons, cost, start. */
export function DecisionFacts({ record }: { record: DecisionRecord }) {
  const d = record.decision;
  return (
    <RecordSection id="record-decision" title="The decision">
      <dl className="space-y-2 text-sm">
        <Fact term="Chosen vendor">{d.chosen.name}</Fact>
        <Fact term="Runner-up">{d.runnerUp?.name ?? 'None'}</Fact>
        <Fact term="Reasons">
          <span className="whitespace-pre-wrap">{d.reasons}</span>
        </Fact>
        <Fact term="Annual cost">{formatCents(d.annualCost)}</Fact>
        <Fact term="Start date">{formatDate(d.startDate)}</Fact>
        <Fact term="Proposed">
          {d.proposedBy}, {formatDate(d.proposedAt)}
        </Fact>
      </dl>
    </RecordSection>
  );
}
