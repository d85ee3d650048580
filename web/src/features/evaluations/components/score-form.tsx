import { useEffect, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import type { Evaluation, EvaluationVendor, ScoreInput } from '@/lib/api/types';

import { useScorecard } from '../api/get-scorecard';
import { useSaveScorecard } from '../api/save-scorecard';
import { useSubmitScorecard } from '../api/submit-scorecard';

/** The 1-5 scale in words, so two people mean the same by a 4 (issue 78). */
const SCORE_OPTIONS = [
  { value: '1', label: '1 Poor' },
  { value: '2', label: '2 Fair' },
  { value: '3', label: '3 Good' },
  { value: '4', label: '4 Very good' },
  { value: '5', label: '5 Excellent' },
  { value: 'none', label: 'Did not see' },
] as const;

type ScoreValue = (typeof SCORE_OPTIONS)[number]['value'];

/** The caller's scorecard for one vendor, a score and a comment per criterion: submitting saves it, then submits it. */
export function ScoreForm({ categoryId, evaluation, vendor }: { categoryId: string; evaluation: Evaluation; vendor: EvaluationVendor }) {
  const criteria = evaluation.criteria.criteria;
  const [scores, setScores] = useState<Record<string, { score?: ScoreValue; comment: string }>>({});
  const [commenting, setCommenting] = useState<Set<string>>(new Set());
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
          {/* Folded until asked for, or open when it holds a comment: a scorecard of many
              criteria is a column of choices, not of empty boxes. */}
          {commenting.has(c.id) || scores[c.id]?.comment ? (
            <TextField
              label={`Comment on ${c.name}`}
              value={scores[c.id]?.comment ?? ''}
              maxLength={1000}
              autoFocus={commenting.has(c.id) && !scores[c.id]?.comment}
              onChange={(e) => setScores({ ...scores, [c.id]: { ...scores[c.id], comment: e.target.value } })}
            />
          ) : (
            <button
              type="button"
              className="min-h-6 rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label={`Add a comment on ${c.name}`}
              onClick={() => setCommenting(new Set(commenting).add(c.id))}
            >
              Add a comment
            </button>
          )}
        </div>
      ))}
      {error ? <Alert>{getErrorMessage(error, 'The scorecard could not be saved. Try again.')}</Alert> : null}
      <Button type="submit" disabled={save.isPending || submit.isPending}>
        Submit scorecard
      </Button>
    </form>
  );
}
