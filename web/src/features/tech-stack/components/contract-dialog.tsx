import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { Contract, ContractRequest } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { centsOf, dollarsOf } from '@/lib/money';

import { useDecidedTerms } from '../api/get-decided-terms';

import { useFirmMembers } from '../api/get-firm-members';
import { useSaveContract } from '../api/save-contract';
import { noticeText, renewsText } from '../renewals';

type Fields = {
  startDate: string;
  termMonths: string;
  renewalDate: string;
  noticeDays: string;
  annualCost: string;
  seats: string;
  responsibleUserId: string;
};

function fieldsOf(contract: Contract | undefined, you: number | undefined): Fields {
  return {
    startDate: contract?.startDate ?? '',
    termMonths: contract ? String(contract.termMonths) : '12',
    renewalDate: contract?.renewalDate ?? '',
    noticeDays: contract ? String(contract.noticeDays) : '30',
    annualCost: contract ? dollarsOf(contract.annualCost) : '',
    seats: contract ? String(contract.seats) : '',
    responsibleUserId: String(contract?.responsibleUserId ?? you ?? ''),
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The request, or the first field the browser can already tell is wrong (the server checks all). */
function requestOf(fields: Fields): { body: ContractRequest } | { field: keyof Fields; error: string } {
  const cents = centsOf(fields.annualCost);
  if (cents === null) return { field: 'annualCost', error: 'Enter the annual cost in dollars, e.g. 12,000 or 1200.50' };
  if (!fields.responsibleUserId) return { field: 'responsibleUserId', error: 'Choose who is responsible' };
  return {
    body: {
      startDate: fields.startDate,
      termMonths: wholeNumber(fields.termMonths),
      renewalDate: fields.renewalDate || null,
      noticeDays: wholeNumber(fields.noticeDays),
      annualCost: cents,
      seats: wholeNumber(fields.seats),
      responsibleUserId: Number(fields.responsibleUserId),
    },
  };
}

/** Which field a server message is about: it starts with the field's name. */
function fieldOfMessage(message: string): keyof Fields | null {
  const names: (keyof Fields)[] = ['startDate', 'termMonths', 'renewalDate', 'noticeDays', 'annualCost', 'seats', 'responsibleUserId'];
  return names.find((name) => message.startsWith(name)) ?? null;
}

/** "Contract" of one tool: its terms, the person responsible, and the deadline they give. */
export function ContractDialog({
  toolId,
  toolName,
  contract,
  you,
  open,
  onOpenChange,
}: {
  toolId: number;
  toolName: string;
  contract: Contract | undefined;
  you: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const members = useFirmMembers({ enabled: open });
  const [fields, setFields] = useState<Fields>(() => fieldsOf(contract, you));
  const [error, setError] = useState<{ field: keyof Fields | null; message: string } | null>(null);
  const save = useSaveContract({ onSuccess: () => onOpenChange(false) });
  // A first contract for a tool the firm decided on starts from the decision's cost and start
  // date; a saved contract keeps its own.
  const decided = useDecidedTerms(toolId, { enabled: open && !contract });
  const terms = contract ? null : (decided.data ?? null);
  useEffect(() => {
    if (!terms) return;
    setFields((f) => ({
      ...f,
      startDate: f.startDate || terms.startDate,
      annualCost: f.annualCost || dollarsOf(terms.annualCost),
    }));
  }, [terms]);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value }));
  const errorFor = (name: keyof Fields) => (error?.field === name ? error.message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestOf(fields);
    if ('field' in parsed) {
      setError({ field: parsed.field, message: parsed.error });
      return;
    }
    setError(null);
    save.mutate({ toolId, body: parsed.body }, { onError: (e) => setError({ field: fieldOfMessage(e.message), message: e.message }) });
  };
  const formId = `contract-${toolId}`;
  // The responsible person acts on the renewal: viewers, who cannot, are not offered.
  const memberOptions = (members.data?.items ?? [])
    .filter((m) => m.role !== 'viewer')
    .map((m) => ({ value: String(m.userId), label: m.isYou ? `${m.name} (you)` : m.name }));

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Contract: ${toolName}`}
      description="Litstack counts the last day to give notice from the renewal date and the notice period."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save contract'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {contract ? (
          <p className="text-sm text-slate-700 sm:col-span-2">
            {noticeText(contract)}. {renewsText(contract)}.
          </p>
        ) : terms ? (
          <p className="text-sm text-slate-700 sm:col-span-2">
            The start date and annual cost come from the final decision
            {terms.finalAt ? ` of ${formatDate(terms.finalAt)}` : ''}; change them if the contract says otherwise.
          </p>
        ) : null}
        <TextField
          label="Start date"
          type="date"
          required
          value={fields.startDate}
          onChange={set('startDate')}
          error={errorFor('startDate')}
        />
        <TextField
          label="Term (months)"
          inputMode="numeric"
          required
          value={fields.termMonths}
          onChange={set('termMonths')}
          error={errorFor('termMonths')}
        />
        <TextField
          label="Renewal date"
          type="date"
          value={fields.renewalDate}
          onChange={set('renewalDate')}
          error={errorFor('renewalDate')}
          hint="Leave empty for the start date plus the term."
        />
        <TextField
          label="Notice period (days)"
          inputMode="numeric"
          required
          value={fields.noticeDays}
          onChange={set('noticeDays')}
          error={errorFor('noticeDays')}
        />
        <TextField
          label="Annual cost (USD)"
          inputMode="decimal"
          required
          value={fields.annualCost}
          onChange={set('annualCost')}
          error={errorFor('annualCost')}
        />
        <TextField label="Seats" inputMode="numeric" required value={fields.seats} onChange={set('seats')} error={errorFor('seats')} />
        <SelectField
          className="sm:col-span-2"
          label="Responsible person"
          options={memberOptions}
          placeholder={members.isPending ? 'Loading members...' : 'Choose a member'}
          value={fields.responsibleUserId}
          onChange={set('responsibleUserId')}
          error={errorFor('responsibleUserId')}
        />
        {error && !error.field ? (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {error.message}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
