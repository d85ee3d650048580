import { useId, type ComponentProps } from 'react';

import { cn } from '@/lib/cn';
import type { Option } from '@/lib/options';

import { inputClasses } from './text-field';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  label: string;
  options: ReadonlyArray<Option<string>>;
  /** Text of the empty first option; omit it to force a choice. */
  placeholder?: string;
  error?: string;
};

/** A labelled native select: the platform's own picker on phones, fully keyboard-accessible. */
export function SelectField({ label, options, placeholder, error, className, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(inputClasses, 'h-10 pr-8', error ? 'border-red-400' : 'border-slate-300')}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
