import { useId, useState, type KeyboardEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { inputClasses } from '@/components/ui/text-field';
import type { CategoryAdoption } from '@/lib/api/types';
import { cn } from '@/lib/cn';

import {
  MAX_OTHER_NAME,
  MAX_VENDORS,
  addOther,
  answer,
  isFull,
  removeOther,
  toggleVendor,
  togglePrimary,
  vendorCount,
  type CategoryDraft,
} from '../draft';

import { StarIcon } from './star-icon';

type CategoryAdoptionCardProps = {
  item: CategoryAdoption;
  value: CategoryDraft;
  onChange: (next: CategoryDraft) => void;
  disabled?: boolean;
  headingLevel: 2 | 3;
};

/**
 * One category of the tech-stack form: Yes or No, then (with Yes) the listed vendors to check,
 * a star for the primary one and free-text other tools, at most ten in all.
 */
export function CategoryAdoptionCard({ item, value, onChange, disabled, headingLevel }: CategoryAdoptionCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = useId();
  const headingId = `${id}-heading`;
  const [otherName, setOtherName] = useState('');
  const { category, vendors } = item;
  const count = vendorCount(value);
  const full = isFull(value);

  const add = () => {
    onChange(addOther(value, otherName, vendors));
    setOtherName('');
  };
  const onOtherKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the name; it never submits a surrounding form.
    add();
  };

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        // Keeps what is focused or scrolled to clear of the page's sticky save bar.
        'scroll-mb-32 rounded-xl border bg-white transition-colors [&_input]:scroll-mb-32 [&_p]:scroll-mb-32',
        value.hasTool === null ? 'border-slate-200' : 'border-slate-200 shadow-sm',
      )}
    >
      <div className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div className="min-w-0">
          <Heading id={headingId} className="text-base font-semibold text-slate-900">
            {category.label}
          </Heading>
          <p className="text-sm text-slate-500">Does your firm use a tool for {category.label}?</p>
        </div>
        <div role="radiogroup" aria-labelledby={headingId} className="flex shrink-0 gap-2">
          {(
            [
              [true, 'Yes'],
              [false, 'No'],
            ] as const
          ).map(([choice, label]) => {
            const checked = value.hasTool === choice;
            return (
              <label
                key={label}
                className={cn(
                  'inline-flex min-w-20 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                  checked
                    ? 'border-indigo-600 bg-indigo-50 font-medium text-indigo-900'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-has-tool`}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onChange(answer(value, choice))}
                  className="h-4 w-4 accent-indigo-600"
                />
                {label}
              </label>
            );
          })}
        </div>
      </div>

      {value.hasTool ? (
        <div className="space-y-4 border-t border-slate-100 px-4 py-4 sm:px-5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="text-sm font-medium text-slate-800">
              Which tools do you use?{' '}
              <span className={cn('tabular-nums', full ? 'text-amber-700' : 'text-slate-500')}>
                ({count}/{MAX_VENDORS})
              </span>
            </p>
            <p className="text-xs text-slate-500">Star the one your firm relies on most.</p>
          </div>

          {vendors.length > 0 ? (
            <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
              {vendors.map((vendor) => {
                const checked = value.vendorIds.includes(vendor.id);
                const primary = value.primaryVendorId === vendor.id;
                return (
                  <li
                    key={vendor.id}
                    className={cn(
                      'flex min-h-11 min-w-0 items-center gap-1 rounded-lg border pr-1 transition-colors',
                      checked ? 'border-indigo-200 bg-indigo-50/60' : 'border-slate-200 bg-white',
                    )}
                  >
                    <label
                      className={cn(
                        'flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 py-2 pl-3 text-sm text-slate-800',
                        !checked && full && 'cursor-not-allowed opacity-60',
                      )}
                    >
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={disabled || (!checked && full)}
                        onChange={() => onChange(toggleVendor(value, vendor.id))}
                        className="h-4 w-4 shrink-0 rounded accent-indigo-600"
                      />
                      <span className="truncate">{vendor.name}</span>
                      {primary ? (
                        <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Primary</span>
                      ) : null}
                    </label>
                    {checked ? (
                      <button
                        type="button"
                        aria-pressed={primary}
                        aria-label={`Mark ${vendor.name} as primary`}
                        title={primary ? 'Primary tool (click to unmark)' : 'Mark as primary'}
                        disabled={disabled}
                        onClick={() => onChange(togglePrimary(value, vendor.id))}
                        className={cn(
                          'grid h-9 w-9 shrink-0 place-items-center rounded-md transition-colors',
                          'focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50',
                          primary ? 'text-amber-500 hover:bg-amber-50' : 'text-slate-400 hover:bg-white hover:text-amber-500',
                        )}
                      >
                        <StarIcon filled={primary} />
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">No {category.label} vendors are listed yet. Add the tools you use below.</p>
          )}

          {value.otherVendors.length > 0 ? (
            <ul aria-label={`Other ${category.label} tools`} className="flex flex-wrap gap-2">
              {value.otherVendors.map((name) => (
                <li
                  key={name}
                  className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
                >
                  <span className="truncate">{name}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    disabled={disabled}
                    onClick={() => onChange(removeOther(value, name))}
                    className="grid h-6 w-6 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <Icon name="close" className="h-3.5 w-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}

          {full ? (
            <p className="text-sm text-amber-700">Maximum {MAX_VENDORS} vendors per category reached.</p>
          ) : (
            <div className="flex gap-2">
              <input
                type="text"
                aria-label={`Other ${category.label} tool`}
                placeholder="Another tool? Type its name and press Enter"
                maxLength={MAX_OTHER_NAME}
                value={otherName}
                disabled={disabled}
                onChange={(event) => setOtherName(event.target.value)}
                onKeyDown={onOtherKeyDown}
                className={cn(inputClasses, 'h-10 min-w-0 flex-1 border-slate-300')}
              />
              <Button variant="outline" disabled={disabled || otherName.trim() === ''} onClick={add}>
                Add
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
