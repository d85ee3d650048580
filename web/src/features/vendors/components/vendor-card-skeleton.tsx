/** A card-shaped placeholder while the directory loads. */
export function VendorCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {/* As the card: logo and icon buttons, then the name and its badges. */}
      <div className="flex items-start justify-between gap-3">
        <div className="h-12 w-12 rounded-xl bg-slate-200" />
        <div className="h-8 w-[4.25rem] rounded-md bg-slate-200" />
      </div>
      <div className="mt-3 space-y-2">
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="h-3 w-1/3 rounded bg-slate-200" />
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
