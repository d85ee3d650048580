import { cn } from '@/lib/cn';

/** The Litstack logo tile and word mark. */
export function BrandMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'grid h-8 w-8 place-items-center rounded-lg text-base font-bold',
          inverted ? 'bg-white text-indigo-700' : 'bg-indigo-600 text-white',
        )}
      >
        L
      </span>
      <span className={cn('text-lg font-semibold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>Litstack</span>
    </span>
  );
}
