import { initialOf } from '@/components/vendor-logo';

/** The vendor's initial on a tile: no logo is fetched from anywhere. */
export function LetterTile({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-lg font-semibold text-white print:border print:border-slate-400 print:bg-white print:text-slate-900"
    >
      {initialOf(name)}
    </span>
  );
}
