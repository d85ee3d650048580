import { useId } from 'react';

type SampleDataSwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** "Show sample data": a checkbox with the switch role, so Space toggles it and readers say "switch". */
export function SampleDataSwitch({ checked, onChange }: SampleDataSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2.5">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors peer-checked:bg-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        aria-hidden="true"
      />
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-700">
        Show sample data
      </label>
    </div>
  );
}
