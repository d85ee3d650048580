import { type SecurityCode, securityOptions } from './use-vendor-filters';

type SecurityFiltersProps = {
  selected: SecurityCode[];
  onChange: (security: SecurityCode[]) => void;
};

/**
 * "Signs a BAA", "SOC 2 Type II", "Single sign-on": narrows the directory to vendors that state
 * the fact (on a page we read, or entered by the administrator). A vendor that states nothing is
 * left out, never assumed to qualify.
 */
export function SecurityFilters({ selected, onChange }: SecurityFiltersProps) {
  const toggle = (code: SecurityCode, on: boolean) =>
    onChange(securityOptions.map((o) => o.value).filter((c) => (c === code ? on : selected.includes(c))));
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
      <legend className="float-left mr-1 font-medium text-slate-700">Security:</legend>
      {securityOptions.map((o) => (
        <label key={o.value} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={selected.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
          />
          {o.label}
        </label>
      ))}
      <span className="text-xs text-slate-500">Only vendors that state it; an unstated fact never counts.</span>
    </fieldset>
  );
}
