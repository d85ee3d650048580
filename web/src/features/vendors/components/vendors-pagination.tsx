import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

type VendorsPaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
};

/** "Showing X to Y of Z vendors", Previous / Next and "Page n of N"; only with several pages. */
export function VendorsPagination({ page, pageSize, total, totalPages, onPage }: VendorsPaginationProps) {
  if (totalPages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600">
        Showing {formatCount(from)} to {formatCount(to)} of {formatCount(total)} vendors
      </p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="text-sm font-medium text-slate-700" aria-live="polite">
          Page {page} of {totalPages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
