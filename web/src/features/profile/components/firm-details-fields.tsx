import { ChoiceGroup } from '@/components/ui/choice-group';
import type { FirmDetails } from '@/lib/api/types';
import { firmDetailQuestions } from '@/lib/firm-options';

export type FirmDetailsDraft = Partial<FirmDetails>;

type FirmDetailsFieldsProps = {
  value: FirmDetailsDraft;
  onChange: (next: FirmDetailsDraft) => void;
  disabled?: boolean;
};

/** The four numbered firm-detail questions, each a single choice. */
export function FirmDetailsFields({ value, onChange, disabled }: FirmDetailsFieldsProps) {
  return (
    <div className="space-y-6">
      {firmDetailQuestions.map((question, index) => (
        <ChoiceGroup<string>
          key={question.field}
          legend={
            <span className="flex gap-2">
              <span className="grid h-5 w-5 shrink-0 place-items-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">
                {index + 1}
              </span>
              <span>{question.prompt}</span>
            </span>
          }
          options={question.options}
          value={value[question.field]}
          onChange={(answer) => onChange({ ...value, [question.field]: answer })}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

export function isComplete(draft: FirmDetailsDraft): draft is FirmDetails {
  return firmDetailQuestions.every((question) => Boolean(draft[question.field]));
}
