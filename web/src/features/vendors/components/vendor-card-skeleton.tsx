/** A card-shaped placeholder while the directory loads. */
export function VendorCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <div className="h-12 w-12 rounded-xl bg-slate-200" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-5 space-y-2">
        <div className="h-3 w-full rounded bg-slate-200" />
        <div className="h-3 w-5/6 rounded bg-slate-200" />
        <div className="h-3 w-4/6 rounded bg-slate-200" />
      </div>
      <div className="mt-6 flex gap-2">
        <div className="h-8 flex-1 rounded-md bg-slate-200" />
        <div className="h-8 flex-1 rounded-md bg-slate-200" />
      </div>
    </div>
  );
}
