import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/cn';
import type { Option } from '@/lib/options';

type ChoiceGroupProps<T extends string> = {
  legend: ReactNode;
  options: ReadonlyArray<Option<T>>;
  value: T | undefined;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
};

/**
 * A single-choice question as a group of native radio buttons, drawn as selectable pills.
 * Arrow keys move between choices as in any radio group.
 */
export function ChoiceGroup<T extends string>({ legend, options, value, onChange, disabled, className }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={cn('min-w-0', className)} disabled={disabled}>
      <legend className="mb-2.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                checked
                  ? 'border-indigo-600 bg-indigo-50 font-medium text-indigo-900'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="h-4 w-4 accent-indigo-600"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
