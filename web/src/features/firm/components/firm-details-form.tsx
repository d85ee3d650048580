import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Firm } from '@/lib/api/types';
import { firmSizeOptions, isFirmSize } from '@/lib/firm-options';

import { useUpdateFirm } from '../api/update-firm';
import { formatDay } from '../format';

/** The firm's name and size, for those who manage the firm. */
export function FirmDetailsForm({ firm }: { firm: Firm }) {
  const [name, setName] = useState(firm.name);
  const [size, setSize] = useState<string>(firm.size ?? '');
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateFirm();
  const nameError = submitted && name.trim() === '' ? 'Law firm name is required' : undefined;
  const changed = name.trim() !== firm.name || size !== (firm.size ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (name.trim() === '') return;
    update.mutate(
      { name: name.trim(), size: isFirmSize(size) ? size : null },
      { onSuccess: () => toast({ title: 'Firm details updated', description: 'Everyone in your firm sees the new details.' }) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {update.isError ? <Alert>{getErrorMessage(update.error, 'Failed to update firm details. Please try again.')}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Firm name"
          autoComplete="organization"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          disabled={update.isPending}
        />
        <SelectField
          label="Firm size"
          options={firmSizeOptions}
          placeholder="Not set"
          value={size}
          onChange={(e) => setSize(e.target.value)}
          disabled={update.isPending}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500">On Litstack since {formatDay(firm.createdAt)}.</p>
        <Button type="submit" disabled={update.isPending || !changed}>
          {update.isPending ? 'Saving...' : 'Save Firm'}
        </Button>
      </div>
    </form>
  );
}
