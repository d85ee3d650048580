import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import type { Answer, ComputeResult, Question } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { useLatestResponse } from '../api/get-latest-response';
import { useGetRecommendations } from '../api/get-recommendations';
import { useQuestions } from '../api/get-questions';
import { ResultCard } from './result-card';

type QuestionnaireModalProps = {
  categoryId: number;
  /** The category's label, shown under the title. */
  categoryLabel: string;
  /** Close (or Escape): back to /matches. */
  onClose: () => void;
  /** Done on the results view: show the category's saved picks. */
  onDone: () => void;
};

const TOP = 3;

/** The category questionnaire and its results: questions, then "Your Recommendations". */
export function QuestionnaireModal({ categoryId, categoryLabel, onClose, onDone }: QuestionnaireModalProps) {
  const { toast } = useToast();
  const questions = useQuestions(categoryId);
  const latest = useLatestResponse(categoryId);
  const [answers, setAnswers] = useState<Record<number, string[]>>({});
  /** Whether the person has changed an answer since the questionnaire opened. */
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<ComputeResult | null>(null);
  const recommend = useGetRecommendations();
  const resultsRef = useRef<HTMLDivElement>(null);

  // Opening a category starts from the firm's latest answers (empty when none).
  useEffect(() => {
    setAnswers({});
    setTouched(false);
    setResult(null);
  }, [categoryId]);
  const saved = latest.data?.response ?? null;
  useEffect(() => {
    if (!saved || touched) return;
    setAnswers(Object.fromEntries(saved.answers.map((a) => [a.questionId, a.selectedValues])));
  }, [saved, touched]);

  // The results replace the questions in the same scrolling body: show them from their top (the
  // body kept the questions' scroll), and take focus there, as the button that had it is gone.
  const inResults = result !== null;
  useLayoutEffect(() => {
    const results = resultsRef.current;
    if (!inResults || !results) return;
    results.parentElement?.scrollTo({ top: 0 });
    results.focus({ preventScroll: true });
  }, [inResults]);

  const choose = (question: Question, option: string) => {
    setTouched(true);
    const current = answers[question.id] ?? [];
    const next =
      question.fieldType === 'SINGLE' ? [option] : current.includes(option) ? current.filter((o) => o !== option) : [...current, option];
    setAnswers({ ...answers, [question.id]: next });
  };

  const submit = () => {
    const list: Answer[] = Object.entries(answers)
      .filter(([, values]) => values.length > 0)
      .map(([questionId, selectedValues]) => ({ questionId: Number(questionId), selectedValues }));
    if (list.length === 0) {
      toast({ title: 'Please answer at least one question', variant: 'destructive' });
      return;
    }
    recommend.mutate(
      { categoryId, answers: list },
      {
        onSuccess: setResult,
        onError: (error) => {
          console.error(error);
          toast({ title: 'Failed to generate recommendations', variant: 'destructive' });
        },
      },
    );
  };

  const retake = () => {
    setResult(null);
  };

  const shown = result?.vendors.slice(0, TOP) ?? [];

  const footer = inResults ? (
    shown.length > 0 ? (
      <>
        <Button variant="outline" onClick={retake}>
          Retake Questionnaire
        </Button>
        <Button onClick={onDone}>Done</Button>
      </>
    ) : null
  ) : (
    <Button onClick={submit} disabled={recommend.isPending || !questions.data?.length}>
      {recommend.isPending ? 'Generating Recommendations...' : 'Get Recommendations'}
    </Button>
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={inResults ? 'Your Recommendations' : 'Questionnaire'}
      description={inResults ? undefined : categoryLabel}
      size="lg"
      footer={footer}
    >
      {inResults ? (
        <div ref={resultsRef} tabIndex={-1} className="focus:outline-none" data-testid="questionnaire-results">
          {shown.length > 0 ? (
            <div className="space-y-4">
              <p className="text-sm text-slate-700">Based on your answers, here are the top {shown.length} recommended vendors:</p>
              {shown.map((r) => (
                <ResultCard key={r.vendor.id} result={r} />
              ))}
            </div>
          ) : (
            <div className="space-y-4 py-6 text-center">
              <p className="text-slate-700">No vendors found matching your criteria in this category.</p>
              <Button variant="outline" onClick={retake}>
                Try Different Answers
              </Button>
            </div>
          )}
        </div>
      ) : questions.isPending || latest.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading questions" />
        </div>
      ) : questions.isError ? (
        <Alert>Failed to fetch questions</Alert>
      ) : (
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {saved && saved.answers.length > 0 ? (
            <p role="note" className="rounded-lg border border-indigo-100 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
              {touched
                ? `Started from your firm's answers of ${formatDate(saved.answeredAt)}.`
                : `These are your firm's answers of ${formatDate(saved.answeredAt)}. Change any of them, or get recommendations for them again.`}
            </p>
          ) : null}
          {questions.data.map((q, i) => (
            <fieldset key={q.id} className="space-y-2" disabled={recommend.isPending}>
              <legend className="mb-2 text-sm font-medium text-slate-900">
                {i + 1}. {q.prompt}
                {q.fieldType === 'MULTI' ? <span className="font-normal text-slate-500"> (select all that apply)</span> : null}
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {q.options.map((option) => {
                  const checked = (answers[q.id] ?? []).includes(option);
                  return (
                    <label
                      key={option}
                      className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                    >
                      <input
                        type={q.fieldType === 'SINGLE' ? 'radio' : 'checkbox'}
                        name={`question-${q.id}`}
                        value={option}
                        checked={checked}
                        onChange={() => choose(q, option)}
                        className="mt-0.5 h-4 w-4 accent-indigo-600"
                      />
                      {option}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </form>
      )}
    </Modal>
  );
}
