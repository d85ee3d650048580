import type { FirmDetails } from '@/lib/api/types';
import { firmDetailQuestions } from '@/lib/firm-options';

/** The firm's answers as text, for those who cannot change them. */
export function FirmDetailsText({ details }: { details: FirmDetails | null }) {
  return (
    <div className="space-y-4">
      <dl className="space-y-3 text-sm">
        {firmDetailQuestions.map((question) => {
          const code = details?.[question.field];
          const label = question.options.find((option) => option.value === code)?.label;
          return (
            <div key={question.field}>
              <dt className="font-medium text-slate-700">{question.prompt}</dt>
              <dd className="text-slate-900">{label ?? <span className="text-slate-500">Not answered yet</span>}</dd>
            </div>
          );
        })}
      </dl>
      <p className="text-sm text-slate-600">Only the firm’s owners and admins can change these answers.</p>
    </div>
  );
}
