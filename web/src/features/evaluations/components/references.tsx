import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Evaluation, EvaluationVendor, ReferenceCheck } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { useAddReference } from '../api/add-reference';
import { useDeleteReference } from '../api/delete-reference';

/** The most questions one reference call holds (the server's limit). */
const MAX_QUESTIONS = 20;

type QuestionRow = { question: string; answer: string };

export function References({ categoryId, evaluation, vendor }: { categoryId: string; evaluation: Evaluation; vendor: EvaluationVendor }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ firmCalled: '', firmSize: '', date: '' });
  const [questions, setQuestions] = useState<QuestionRow[]>([{ question: '', answer: '' }]);
  const [deleting, setDeleting] = useState<ReferenceCheck | null>(null);
  const add = useAddReference(categoryId);
  const remove = useDeleteReference(categoryId);
  const setQuestion = (index: number, row: Partial<QuestionRow>) =>
    setQuestions(questions.map((q, i) => (i === index ? { ...q, ...row } : q)));
  const closeForm = () => {
    setOpen(false);
    setForm({ firmCalled: '', firmSize: '', date: '' });
    setQuestions([{ question: '', answer: '' }]);
    add.reset();
  };
  const closeDelete = (next: boolean) => {
    if (next) return;
    setDeleting(null);
    remove.reset();
  };
  return (
    <div className="space-y-2">
      <h3 className="font-medium text-slate-800">Reference checks</h3>
      {vendor.references.length === 0 ? <p className="text-sm text-slate-600">None recorded yet.</p> : null}
      <ul className="space-y-3 text-sm">
        {vendor.references.map((r) => (
          <li key={r.id} className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <p>
                {r.firmCalled} ({r.firmSize}), {formatDate(r.date)}, by {r.by}
              </p>
              <ul className="ml-4 list-disc">
                {r.questions.map((q, i) => (
                  <li key={i}>
                    {q.question}: {q.answer}
                  </li>
                ))}
              </ul>
            </div>
            {r.canDelete ? (
              <Button variant="outline" aria-label={`Delete the reference check with ${r.firmCalled}`} onClick={() => setDeleting(r)}>
                Delete
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {evaluation.canScore && !open ? (
        <Button variant="outline" onClick={() => setOpen(true)}>
          Add a reference check
        </Button>
      ) : null}
      {open ? (
        <form
          aria-label={`Reference check for ${vendor.vendorName}`}
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(
              { vendorId: vendor.vendorId, firmCalled: form.firmCalled, firmSize: form.firmSize, date: form.date, questions },
              { onSuccess: closeForm },
            );
          }}
        >
          <TextField
            label="Firm called"
            value={form.firmCalled}
            maxLength={120}
            onChange={(e) => setForm({ ...form, firmCalled: e.target.value })}
          />
          <TextField
            label="Its size"
            value={form.firmSize}
            maxLength={60}
            onChange={(e) => setForm({ ...form, firmSize: e.target.value })}
          />
          <TextField label="Date of the call" type="date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
          {questions.map((q, i) => (
            <fieldset key={i} className="grid gap-3 sm:col-span-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <legend className="sr-only">Question {i + 1}</legend>
              <TextField
                label={`Question ${i + 1}`}
                value={q.question}
                maxLength={1000}
                onChange={(e) => setQuestion(i, { question: e.target.value })}
              />
              <TextField
                label={`Answer ${i + 1}`}
                value={q.answer}
                maxLength={1000}
                onChange={(e) => setQuestion(i, { answer: e.target.value })}
              />
              {questions.length > 1 ? (
                <Button
                  variant="outline"
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() => setQuestions(questions.filter((_, other) => other !== i))}
                >
                  Remove
                </Button>
              ) : null}
            </fieldset>
          ))}
          {add.error ? <Alert>{getErrorMessage(add.error, 'The reference check could not be saved. Try again.')}</Alert> : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            {questions.length < MAX_QUESTIONS ? (
              <Button variant="outline" onClick={() => setQuestions([...questions, { question: '', answer: '' }])}>
                Add another question
              </Button>
            ) : null}
            <Button type="submit" disabled={add.isPending}>
              Save reference check
            </Button>
            <Button variant="outline" onClick={closeForm} disabled={add.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={closeDelete}
        title="Delete reference check"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        error={remove.error ? getErrorMessage(remove.error, 'The reference check could not be deleted. Try again.') : null}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          const firm = deleting.firmCalled;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Reference check deleted', description: `The call with ${firm} is no longer part of the evaluation.` });
              closeDelete(false);
            },
          });
        }}
      >
        <p>
          Delete the reference check with &ldquo;{deleting?.firmCalled}&rdquo; for everyone in your firm? A decision record that holds it
          keeps its earlier versions.
        </p>
      </ConfirmDialog>
    </div>
  );
}
