import { Spinner } from '@/components/ui/spinner';
import type { DecisionView } from '@/lib/api/types';
import { dollarsOf } from '@/lib/money';
import { useShortlist } from '@/lib/shortlist';

import { useEditDecision } from '../api/edit-decision';
import { useFirmMembers } from '../api/get-firm-members';
import { vendorOptions } from '../form';
import { DecisionForm } from './decision-form';

/** The form that edits an open decision, filled with its current version: saving makes a new version. */
export function EditSection({ decision, onDone }: { decision: DecisionView; onDone: () => void }) {
  const shortlist = useShortlist();
  const members = useFirmMembers();
  const edit = useEditDecision(decision.id);
  if (!shortlist.data || !members.data) return <Spinner label="Preparing the form..." />;
  return (
    <section aria-label="Edit the decision" className="rounded-xl border border-slate-200 bg-white p-4 print:hidden">
      <DecisionForm
        categoryId={decision.categoryId}
        vendors={vendorOptions(shortlist.data.groups, decision.categoryId)}
        members={members.data.items}
        initial={{
          vendorId: String(decision.vendorId),
          runnerUpId: decision.runnerUpId != null ? String(decision.runnerUpId) : '',
          reasons: decision.reasons,
          annualCost: dollarsOf(decision.annualCost),
          startDate: decision.startDate,
          approvers: decision.approvers.map((a) => a.userId),
        }}
        submitLabel="Save as a new version"
        submit={async (body) => {
          await edit.mutateAsync({ id: decision.id, body });
          onDone();
        }}
        onCancel={onDone}
      />
    </section>
  );
}
