import { Link, useLocation } from 'wouter';

import { Icon } from '@/components/ui/icon';

import { useFirmDeletion } from '../api/get-firm-deletion';
import { formatDay } from '../format';

/**
 * On every signed-in screen of every member while the firm's deletion is scheduled: the day, who
 * asked and who can take it back. The Firm page has its own notice (with "Keep the firm"), so the
 * banner stays off it.
 */
export function FirmDeletionBanner() {
  const [path] = useLocation();
  const deletion = useFirmDeletion();
  const scheduled = deletion.data?.scheduled ? deletion.data : null;
  if (!scheduled || path === '/firm') return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3.5 text-sm text-amber-950 print:hidden"
    >
      <Icon name="alert" className="mt-px h-5 w-5 shrink-0 text-amber-700" />
      <p className="min-w-0">
        <span className="font-semibold">
          Your firm will be deleted on {formatDay(scheduled.dueAt ?? '')} (asked by {scheduled.by ?? 'an owner'}).
        </span>{' '}
        Every member’s account and everything the firm holds here will be removed. Until then an owner of the firm or the install’s operator
        can take it back on the{' '}
        <Link href="/firm" className="font-medium text-amber-900 underline underline-offset-2 hover:text-amber-700">
          Firm page
        </Link>
        .
      </p>
    </div>
  );
}
