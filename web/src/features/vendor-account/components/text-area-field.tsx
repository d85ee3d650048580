import { useId, type ComponentProps, type ReactNode } from 'react';

import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  hint?: ReactNode;
};

/** A labelled multi-line text box, drawn as the app's text fields. */
export function TextAreaField({ label, hint, className, rows = 3, ...props }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-describedby={hint ? hintId : undefined}
        className={cn(inputClasses, 'border-slate-300')}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
