import { cn } from '@/lib/cn';

type SpinnerProps = {
  /** Visible text beside the spinner; also what a screen reader announces. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const sizes = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' } as const;

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-slate-600', className)}>
      <svg className={cn('animate-spin text-indigo-600', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="text-sm font-medium">{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}
