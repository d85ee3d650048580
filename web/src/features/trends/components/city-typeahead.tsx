import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';

/** How many suggestions show at once (SPEC section 9). */
export const CITY_SUGGESTIONS = 10;

/** Up to 10 metro areas containing `text`, ignoring case. */
export function matchCities(cities: readonly string[], text: string): string[] {
  const wanted = text.trim().toLowerCase();
  const matches = wanted ? cities.filter((city) => city.toLowerCase().includes(wanted)) : cities;
  return matches.slice(0, CITY_SUGGESTIONS);
}

type CityTypeaheadProps = {
  /** The metro area currently filtered on. */
  value: string | undefined;
  cities: readonly string[];
  onChange: (city: string | undefined) => void;
};

/**
 * The City filter: an ARIA combobox over the metro areas. Arrow keys move through the
 * suggestions, Enter picks, Escape or a click elsewhere closes the list; emptying the box clears
 * the filter.
 */
export function CityTypeahead({ value, cities, onChange }: CityTypeaheadProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);

  // A filter changed from outside (Reset, the address) shows in the box.
  useEffect(() => setText(value ?? ''), [value]);

  const suggestions = useMemo(() => matchCities(cities, text), [cities, text]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const pick = (city: string) => {
    setText(city);
    setOpen(false);
    setActive(-1);
    onChange(city);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length ? (i + 1) % suggestions.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (suggestions.length ? (i <= 0 ? suggestions.length - 1 : i - 1) : -1));
    } else if (event.key === 'Enter') {
      const exact = cities.find((city) => city.toLowerCase() === text.trim().toLowerCase());
      const chosen = open && active >= 0 ? suggestions[active] : exact;
      if (chosen) {
        event.preventDefault();
        pick(chosen);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = open && suggestions.length > 0;
  return (
    <div ref={rootRef} className="relative flex flex-col gap-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        City
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        placeholder="Search Cities..."
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          setOpen(true);
          setActive(-1);
          if (next.trim() === '' && value !== undefined) onChange(undefined);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'h-10 border-slate-300')}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="City suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {suggestions.map((city, index) => (
          <li
            key={city}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // Keep focus in the box so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(city)}
            onMouseEnter={() => setActive(index)}
            className={cn('cursor-pointer px-3 py-2 text-slate-800', index === active && 'bg-indigo-50 text-indigo-900')}
          >
            {city}
          </li>
        ))}
      </ul>
    </div>
  );
}
