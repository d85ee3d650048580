import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { ViewOnlyNote } from '@/components/view-only-note';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { TextField, inputClasses } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Evaluation, EvaluationCriterion, EvaluationVendor, ReferenceCheck, ScoreInput } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';

import { useAddReference } from '../api/add-reference';
import { useDeleteReference } from '../api/delete-reference';
import { useEvaluation } from '../api/get-evaluation';
import { useScorecard } from '../api/get-scorecard';
import { useSaveCriteria } from '../api/save-criteria';
import { useSaveScorecard } from '../api/save-scorecard';
import { useSubmitScorecard } from '../api/submit-scorecard';

/** /evaluations/:categoryId: the criteria, a scorecard per vendor, everyone's scores once one's own is in. */
export function EvaluationPage() {
  const { categoryId = '' } = useParams<{ categoryId: string }>();
  const { data, error, isPending } = useEvaluation(categoryId);
  if (isPending) return <LoadingScreen />;
  if (error || !data) return <Alert>{getErrorMessage(error, 'The evaluation could not be loaded. Try again.')}</Alert>;
  return (
    <div className="space-y-8">
      <PageHeader
        title="Evaluation"
        description={`${data.categoryName}, round ${data.round}. Agree the criteria before the demos, then each person scores each vendor.`}
        actions={
          data.canManage ? (
            <Link className="text-sm font-medium text-indigo-700 underline" href={`/decisions/new?category=${categoryId}`}>
              Propose a decision
            </Link>
          ) : null
        }
      />
      <ViewOnlyNote />
      <CriteriaSection categoryId={categoryId} evaluation={data} />
      {data.vendors.length === 0 ? (
        <Notice>Put vendors of this category on the shortlist to evaluate them.</Notice>
      ) : (
        <>
          <SideBySide evaluation={data} />
          {data.vendors.map((vendor) => (
            <VendorSection key={vendor.vendorId} categoryId={categoryId} evaluation={data} vendor={vendor} />
          ))}
        </>
      )}
    </div>
  );
}

/**
 * Every vendor of the round in one table: its weighted score, how many scorecards are in, and the
 * caller's own. A total shows only where the server sent it (the score-visibility rule: hidden
 * until one's own scorecard is in, or the decision is final); otherwise the server's reason.
 */
function SideBySide({ evaluation }: { evaluation: Evaluation }) {
  if (evaluation.criteria.suggested) return null;
  return (
    <section aria-labelledby="side-by-side-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="side-by-side-heading" className="text-lg font-semibold text-slate-900">
        Side by side
      </h2>
      {/* Should it not fit a phone, the table scrolls inside its own box (reachable from the
          keyboard), never the page. */}
      <div
        role="region"
        aria-label="Side by side table"
        tabIndex={0}
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Weighted scores of the vendors in round {evaluation.round}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-2 font-medium">
                Vendor
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Weighted score
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Scorecards
              </th>
              {evaluation.canScore ? (
                <th scope="col" className="py-2 font-medium">
                  Yours
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {evaluation.vendors.map((v) => (
              <tr key={v.vendorId} className="align-top">
                <th scope="row" className="py-2 pr-2 font-medium text-slate-900">
                  {v.vendorName}
                  {v.incumbent ? <span className="block text-xs font-normal text-slate-600">Current tool</span> : null}
                </th>
                <td className="py-2 pr-2">
                  {v.weightedScore != null ? (
                    <span className="font-semibold whitespace-nowrap text-slate-900">{v.weightedScore} of 100</span>
                  ) : v.scoresVisible || v.submittedCount === 0 ? (
                    <span className="text-slate-600">Not scored yet</span>
                  ) : (
                    <span className="text-slate-600">{v.hiddenNote}</span>
                  )}
                </td>
                <td className="py-2 pr-2 tabular-nums">{v.submittedCount}</td>
                {evaluation.canScore ? <td className="py-2">{MY_SCORECARD[v.myScorecard]}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const MY_SCORECARD: Record<EvaluationVendor['myScorecard'], string> = {
  none: 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
};

type Row = { id?: string; name: string; weight: string };

function CriteriaSection({ categoryId, evaluation }: { categoryId: string; evaluation: Evaluation }) {
  const { criteria } = evaluation;
  // Only those whose save the server accepts get the editor: a viewer reads the criteria.
  const mayEdit = evaluation.canScore && (!criteria.locked || evaluation.canManage);
  const [rows, setRows] = useState<Row[]>(() => toRows(criteria.criteria));
  const [editing, setEditing] = useState(mayEdit && !criteria.locked && criteria.suggested);
  const [reason, setReason] = useState('');
  const save = useSaveCriteria(categoryId);
  useEffect(() => setRows(toRows(criteria.criteria)), [criteria.criteria]);
  const sum = rows.reduce((total, row) => total + (Number.parseInt(row.weight, 10) || 0), 0);
  return (
    <section aria-labelledby="criteria-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="criteria-heading" className="text-lg font-semibold text-slate-900">
        Criteria
      </h2>
      {criteria.suggested ? (
        <Notice>
          {mayEdit
            ? 'Suggested from the standard set and your questionnaire answers: save them to start.'
            : 'Suggested from the standard set and your questionnaire answers; nothing is saved yet.'}
        </Notice>
      ) : null}
      {criteria.locked ? <p className="text-sm text-slate-600">The criteria are locked: the first scorecard is in.</p> : null}
      {editing && mayEdit ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              {
                criteria: rows.map((row) => ({ id: row.id, name: row.name, weight: Number.parseInt(row.weight, 10) || 0 })),
                reason: criteria.locked ? reason : undefined,
              },
              { onSuccess: () => setEditing(false) },
            );
          }}
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col">Criterion</th>
                <th scope="col" className="w-28">
                  Weight
                </th>
                <th scope="col" className="w-24">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <td className="py-1 pr-2">
                    <input
                      aria-label={`Criterion ${index + 1}`}
                      className={cn(inputClasses, 'h-9 border-slate-300')}
                      value={row.name}
                      maxLength={80}
                      onChange={(e) => setRows(rows.map((r, i) => (i === index ? { ...r, name: e.target.value } : r)))}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      aria-label={`Weight of criterion ${index + 1}`}
                      className={cn(inputClasses, 'h-9 border-slate-300')}
                      inputMode="numeric"
                      value={row.weight}
                      onChange={(e) => setRows(rows.map((r, i) => (i === index ? { ...r, weight: e.target.value } : r)))}
                    />
                  </td>
                  <td className="py-1">
                    <Button variant="ghost" size="sm" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p aria-live="polite" className={cn('text-sm', sum === 100 ? 'text-slate-700' : 'font-medium text-red-700')}>
            Weights add up to {sum}
            {sum === 100 ? '' : ': they must add up to 100'}
          </p>
          {criteria.locked ? (
            <TextField label="Why change them?" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} required />
          ) : null}
          {save.error ? <Alert>{getErrorMessage(save.error, 'The criteria could not be saved. Try again.')}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setRows([...rows, { name: '', weight: '' }])} disabled={rows.length >= 15}>
              Add a criterion
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save criteria
            </Button>
          </div>
        </form>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 text-sm">
            {criteria.criteria.map((c) => (
              <li key={c.id} className="flex justify-between py-1.5">
                <span>{c.name}</span>
                <span className="text-slate-600">{c.weight}</span>
              </li>
            ))}
          </ul>
          {mayEdit ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              {criteria.locked ? 'Change criteria' : 'Edit criteria'}
            </Button>
          ) : null}
        </>
      )}
      {criteria.changes.length > 0 ? (
        <div className="text-sm text-slate-600">
          <h3 className="font-medium text-slate-800">Changes after the lock</h3>
          <ul>
            {criteria.changes.map((change) => (
              <li key={change.at + change.by}>
                {formatDateTime(change.at)}, {change.by}: {change.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function toRows(criteria: EvaluationCriterion[]): Row[] {
  return criteria.map((c) => ({ id: c.id, name: c.name, weight: String(c.weight) }));
}

const SCORE_OPTIONS = [
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
  { value: '5', label: '5' },
  { value: 'none', label: 'Did not see' },
] as const;

type ScoreValue = (typeof SCORE_OPTIONS)[number]['value'];

function VendorSection({ categoryId, evaluation, vendor }: { categoryId: string; evaluation: Evaluation; vendor: EvaluationVendor }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {vendor.vendorName}
        {vendor.incumbent ? <span className="ml-2 text-sm font-normal text-slate-600">(current tool: the baseline to beat)</span> : null}
      </h2>
      {evaluation.canScore && !evaluation.criteria.suggested ? (
        <ScoreForm categoryId={categoryId} evaluation={evaluation} vendor={vendor} />
      ) : null}
      {vendor.scoresVisible ? <Scores vendor={vendor} /> : <HiddenScores vendor={vendor} />}
      <References categoryId={categoryId} evaluation={evaluation} vendor={vendor} />
    </section>
  );
}

function ScoreForm({ categoryId, evaluation, vendor }: { categoryId: string; evaluation: Evaluation; vendor: EvaluationVendor }) {
  const criteria = evaluation.criteria.criteria;
  const [scores, setScores] = useState<Record<string, { score?: ScoreValue; comment: string }>>({});
  const save = useSaveScorecard(categoryId, vendor.vendorId);
  const submit = useSubmitScorecard(categoryId, vendor.vendorId);
  const submitted = vendor.myScorecard === 'submitted';
  const [open, setOpen] = useState(!submitted);
  // A revision (or a draft) starts from what the person saved.
  const mine = useScorecard(categoryId, vendor.vendorId, open && vendor.myScorecard !== 'none');
  useEffect(() => {
    if (!mine.data) return;
    setScores(
      Object.fromEntries(
        mine.data.scores.map((s) => [
          s.criterionId,
          { score: (s.score == null ? 'none' : String(s.score)) as ScoreValue, comment: s.comment },
        ]),
      ),
    );
  }, [mine.data]);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Revise my scorecard
      </Button>
    );
  }
  const body = (): ScoreInput[] =>
    criteria.flatMap((c) => {
      const entry = scores[c.id];
      if (!entry?.score) return [];
      return [{ criterionId: c.id, score: entry.score === 'none' ? null : Number(entry.score), comment: entry.comment }];
    });
  const error = save.error ?? submit.error;
  return (
    <form
      aria-label={`Score ${vendor.vendorName}`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ scores: body() }, { onSuccess: () => submit.mutate(undefined, { onSuccess: () => setOpen(false) }) });
      }}
    >
      <h3 className="font-medium text-slate-800">Score</h3>
      {criteria.map((c) => (
        <div key={c.id} className="space-y-2">
          <ChoiceGroup<ScoreValue>
            legend={`${c.name} (weight ${c.weight})`}
            options={SCORE_OPTIONS}
            value={scores[c.id]?.score}
            onChange={(value) => setScores({ ...scores, [c.id]: { comment: scores[c.id]?.comment ?? '', score: value } })}
          />
          <TextField
            label={`Comment on ${c.name}`}
            value={scores[c.id]?.comment ?? ''}
            maxLength={1000}
            onChange={(e) => setScores({ ...scores, [c.id]: { ...scores[c.id], comment: e.target.value } })}
          />
        </div>
      ))}
      {error ? <Alert>{getErrorMessage(error, 'The scorecard could not be saved. Try again.')}</Alert> : null}
      <Button type="submit" disabled={save.isPending || submit.isPending}>
        Submit scorecard
      </Button>
    </form>
  );
}

/**
 * Scores the caller may not see yet: why, how many are in, and — for an approver who has not
 * scored — the weighted total (from two scorecards) and the criteria people disagree on.
 */
function HiddenScores({ vendor }: { vendor: EvaluationVendor }) {
  const flagged = vendor.criteria.filter((c) => c.flag);
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        {vendor.hiddenNote} ({vendor.submittedCount} submitted so far)
      </p>
      {vendor.weightedScore != null ? <p className="font-semibold text-slate-900">Weighted score: {vendor.weightedScore} of 100</p> : null}
      {flagged.length > 0 ? (
        <p className="font-semibold text-amber-800">
          {flagged[0]?.flag}: {flagged.map((c) => c.name).join(', ')}
        </p>
      ) : null}
    </div>
  );
}

function Scores({ vendor }: { vendor: EvaluationVendor }) {
  return (
    <div className="space-y-3">
      <p className="text-base font-semibold text-slate-900">
        Weighted score: {vendor.weightedScore ?? 'not scored yet'}
        {vendor.weightedScore == null ? '' : ' of 100'}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Scores for {vendor.vendorName} by person</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col">Criterion</th>
            <th scope="col">Scores</th>
          </tr>
        </thead>
        <tbody>
          {vendor.criteria.map((c) => (
            <tr key={c.criterionId} className="align-top">
              <th scope="row" className="py-1.5 pr-3 font-medium">
                {c.name}
                {c.flag ? <p className="font-semibold text-amber-800">{c.flag}</p> : null}
              </th>
              <td className="py-1.5">
                <ul>
                  {c.scores.map((s) => (
                    <li key={s.by}>
                      {s.by}: {s.score ?? 'did not see'}
                      {s.comment ? ` ("${s.comment}")` : ''}
                      {s.underOldCriteria ? ' (under the old criteria)' : ''}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The most questions one reference call holds (the server's limit). */
const MAX_QUESTIONS = 20;

type QuestionRow = { question: string; answer: string };

function References({ categoryId, evaluation, vendor }: { categoryId: string; evaluation: Evaluation; vendor: EvaluationVendor }) {
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
