import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDismissed } from '@/lib/dismissals';

import { DismissedCard } from './dismissed-card';

/** The dismissed vendors, in the chosen categories. */
export function DismissedList({ categoryIds, query }: { categoryIds: number[]; query: ReturnType<typeof useDismissed> }) {
  if (query.isError) return <Alert>Failed to load your dismissed vendors. Please try again.</Alert>;
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your dismissed vendors..." />
      </div>
    );
  }
  const items = query.data.items.filter((d) => categoryIds.length === 0 || categoryIds.includes(d.categoryId));
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <h2 className="text-lg font-semibold text-slate-900">No dismissed vendors</h2>
        <p className="mt-1 text-sm text-slate-600">
          {categoryIds.length > 0 ? 'No dismissed vendors match your current filters.' : "You haven't dismissed any recommended vendor."}
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <DismissedCard key={item.vendorId} item={item} />
      ))}
    </div>
  );
}
