import { useId, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Vendor } from '@/lib/api/types';

import { useCategoryVendors } from '../api/get-category-vendors';
import { useMergeVendors } from '../api/merge-vendors';

type VendorMergeFormProps = {
  vendor: Vendor;
  /** Back to the vendor's edit form. */
  onBack: () => void;
  onDone: () => void;
};

/**
 * "Merge {vendor} into…": the operator chooses the vendor of the same category it duplicates, is
 * told what moves, and confirms. The server's message (which firms kept which shortlist entry,
 * which evaluations moved) is the toast; its refusal (a decision names the vendor) the alert.
 */
export function VendorMergeForm({ vendor, onBack, onDone }: VendorMergeFormProps) {
  const formId = useId();
  const [into, setInto] = useState('');
  const [missing, setMissing] = useState(false);
  const candidates = useCategoryVendors(vendor.categoryId);
  const merge = useMergeVendors();
  const options = (candidates.data?.items ?? [])
    .filter((v) => v.id !== vendor.id)
    .map((v) => ({ value: String(v.id), label: v.isActive ? v.name : `${v.name} (inactive)` }));
  const chosen = options.find((o) => o.value === into);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    merge.mutate(
      { from: vendor.id, into: Number(chosen.value) },
      {
        onSuccess: (merged) => {
          toast({ title: 'Vendors merged', description: merged.message });
          onDone();
        },
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={`Merge ${vendor.name} into…`}
      description={vendor.categoryLabel}
      footer={
        <>
          <Button variant="outline" onClick={onBack} disabled={merge.isPending}>
            Back
          </Button>
          <Button type="submit" form={formId} disabled={merge.isPending || candidates.isPending} aria-busy={merge.isPending || undefined}>
            {merge.isPending ? 'Merging...' : 'Merge'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4 text-sm text-slate-700" noValidate>
        {merge.error ? <Alert>{getErrorMessage(merge.error, 'The vendors could not be merged. Please try again.')}</Alert> : null}
        {candidates.error ? (
          <Alert>{getErrorMessage(candidates.error, 'Failed to load the vendors of this category. Please try again.')}</Alert>
        ) : candidates.isPending ? (
          <Spinner label="Loading vendors..." />
        ) : options.length === 0 ? (
          <p>{vendor.categoryLabel} has no other vendor to merge into.</p>
        ) : (
          <SelectField
            label={`Keep this vendor instead of ${vendor.name}`}
            placeholder="Choose a vendor"
            options={options}
            value={into}
            onChange={(e) => {
              setInto(e.target.value);
              setMissing(false);
            }}
            error={missing ? 'Choose the vendor to keep.' : undefined}
          />
        )}
        <p>
          Every firm’s tech stack, shortlist entries, evaluations (scorecards and reference calls), picks, dismissals, past recommendations
          and meeting clicks that name {vendor.name} move to {chosen ? chosen.label : 'the vendor you choose'}, and imported bookings naming{' '}
          {vendor.name} count for it. A firm with both on its shortlist keeps its entry for the kept vendor; a person who scored both keeps
          their scorecard for it. Then {vendor.name} is deleted. A vendor a decision names cannot be merged (the decision’s record is
          signed): make it inactive instead.
        </p>
      </form>
    </Modal>
  );
}
