import { Button } from '@/components/ui/button';

type ProgressBannerProps = {
  completed: number;
  total: number;
  onContinue: () => void;
};

/** "X of Y stages completed", the share through the lifecycle, and "Continue to next stage". */
export function ProgressBanner({ completed, total, onContinue }: ProgressBannerProps) {
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  return (
    <section aria-label="Progress" className="mb-6 rounded-xl border border-indigo-100 bg-indigo-50/60 p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-slate-900">
            {completed} of {total} stages completed
          </p>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-indigo-700">{percent}%</span> through your litigation lifecycle
          </p>
        </div>
        {completed < total ? (
          <Button size="sm" variant="outline" onClick={onContinue}>
            Continue to next stage
          </Button>
        ) : null}
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-white ring-1 ring-indigo-100"
        role="progressbar"
        aria-label="Stages completed"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
