import type { Firm } from '@/lib/api/types';
import { firmSizeOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';

import { formatDay } from '../format';
import { FirmDetailsForm } from './firm-details-form';

/** The firm's name and size: a form for owners and admins, plain text for everyone else. */
export function FirmDetails({ firm, canManage }: { firm: Firm; canManage: boolean }) {
  if (!canManage) {
    return (
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-500">Name</dt>
          <dd className="mt-1 text-slate-900">{firm.name}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Size</dt>
          <dd className="mt-1 text-slate-900">{labelOf(firmSizeOptions, firm.size) ?? 'Not set'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">On Litstack since</dt>
          <dd className="mt-1 text-slate-900">{formatDay(firm.createdAt)}</dd>
        </div>
      </dl>
    );
  }
  return <FirmDetailsForm key={`${firm.name}|${firm.size ?? ''}`} firm={firm} />;
}
