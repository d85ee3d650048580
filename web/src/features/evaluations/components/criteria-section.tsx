import { useEffect, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField, inputClasses } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import type { Evaluation, EvaluationCriterion } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

import { useSaveCriteria } from '../api/save-criteria';

type Row = { id?: string; name: string; weight: string };

/** The round's criteria and weights: edited by those allowed, read by the rest, with the changes made after the lock. */
export function CriteriaSection({ categoryId, evaluation }: { categoryId: string; evaluation: Evaluation }) {
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
