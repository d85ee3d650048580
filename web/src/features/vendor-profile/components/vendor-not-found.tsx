import { Link } from 'wouter';

import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

/** "Vendor not found", with what is wrong and a way back to Browse Vendors. */
export function VendorNotFound({ reason }: { reason: string }) {
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-900/5">
      <div className="mb-4 flex items-center gap-3">
        <Icon name="alert" className="h-7 w-7 text-red-500" />
        <h1 className="text-2xl font-semibold text-slate-900">Vendor not found</h1>
      </div>
      <p className="text-sm text-slate-600">{reason}</p>
      <Link href={paths.vendors} className={buttonClasses({ variant: 'outline', size: 'sm' }) + ' mt-6'}>
        Back to Browse Vendors
      </Link>
    </div>
  );
}
