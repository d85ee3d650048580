import { useId, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { inputClasses, TextField } from '@/components/ui/text-field';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import type { DecisionRequest, Member } from '@/lib/api/types';
import { cn } from '@/lib/cn';

import { fieldOfMessage, MAX_REASONS, requestOf, type DecisionFields } from '../form';

type Option = { value: string; label: string };

/**
 * The decision's terms: the chosen vendor and the runner-up (from the category's shortlist), the
 * reasons, the annual cost, the start date and the approvers (members who are not viewers).
 * Used to propose and to edit; `submit` sends the request and may fail with the server's message,
 * which is shown on the field it names.
 */
export function DecisionForm({
  categoryId,
  vendors,
  members,
  initial,
  submitLabel,
  submit,
  onCancel,
}: {
  categoryId: number;
  vendors: Option[];
  members: Member[];
  initial: DecisionFields;
  submitLabel: string;
  submit: (body: DecisionRequest) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof DecisionFields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonsId = useId();
  const set = (name: keyof DecisionFields, value: string) => setFields((f) => ({ ...f, [name]: value }));
  const approvers = members.filter((m) => m.role !== 'viewer');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const checked = requestOf(categoryId, fields);
    if ('field' in checked) {
      setErrors({ [checked.field]: checked.error });
      return;
    }
    setBusy(true);
    try {
      await submit(checked.body);
    } catch (error) {
      const message = getErrorMessage(error, 'The decision was not saved: please try again.');
      const field = error instanceof ApiError ? fieldOfMessage(message) : null;
      if (field) setErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Chosen vendor"
          options={vendors}
          placeholder="Choose a vendor"
          value={fields.vendorId}
          onChange={(e) => set('vendorId', e.target.value)}
          error={errors.vendorId}
          required
        />
        <SelectField
          label="Runner-up"
          options={vendors.filter((v) => v.value !== fields.vendorId)}
          placeholder="None"
          value={fields.runnerUpId}
          onChange={(e) => set('runnerUpId', e.target.value)}
          error={errors.runnerUpId}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={reasonsId} className="block text-sm font-medium text-slate-700">
          Reasons
        </label>
        <textarea
          id={reasonsId}
          rows={5}
          value={fields.reasons}
          maxLength={MAX_REASONS}
          aria-invalid={errors.reasons ? true : undefined}
          aria-describedby={errors.reasons ? `${reasonsId}-error` : undefined}
          onChange={(e) => set('reasons', e.target.value)}
          className={cn(inputClasses, 'min-h-28 resize-y', errors.reasons ? 'border-red-400' : 'border-slate-300')}
        />
        {errors.reasons ? (
          <p id={`${reasonsId}-error`} className="text-sm text-red-600">
            {errors.reasons}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Annual cost (USD)"
          inputMode="decimal"
          value={fields.annualCost}
          onChange={(e) => set('annualCost', e.target.value)}
          error={errors.annualCost}
          hint="In dollars, e.g. 12,000"
        />
        <TextField
          label="Start date"
          type="date"
          value={fields.startDate}
          onChange={(e) => set('startDate', e.target.value)}
          error={errors.startDate}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Who must approve</legend>
        <p className="text-xs text-slate-500">The firm's owners unless you name others. Viewers cannot approve.</p>
        <ul className="grid gap-1.5 sm:grid-cols-2">
          {approvers.map((m) => (
            <li key={m.userId}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
                  checked={fields.approvers.includes(m.userId)}
                  onChange={(e) =>
                    setFields((f) => ({
                      ...f,
                      approvers: e.target.checked ? [...f.approvers, m.userId] : f.approvers.filter((id) => id !== m.userId),
                    }))
                  }
                />
                {m.name} <span className="text-slate-500">({m.role})</span>
              </label>
            </li>
          ))}
        </ul>
        {errors.approvers ? <p className="text-sm text-red-600">{errors.approvers}</p> : null}
      </fieldset>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
