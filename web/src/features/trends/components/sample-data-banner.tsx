import { Link } from 'wouter';

import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

import { sampleBannerText } from '../format';

type SampleDataBannerProps = {
  /** Sample bookings among those shown, and all bookings shown. */
  sampleCount: number;
  total: number;
  isAdmin: boolean;
};

/** Says how much of what the dashboard shows is generated sample data, not real demand. */
export function SampleDataBanner({ sampleCount, total, isAdmin }: SampleDataBannerProps) {
  return (
    <div
      role="note"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-2.5 text-sm text-amber-900">
        <Icon name="alert" className="mt-px h-4.5 w-4.5 shrink-0 text-amber-600" />
        <div>
          <p className="font-semibold">{sampleBannerText(sampleCount, total)}</p>
          <p className="mt-0.5 text-amber-800">
            {isAdmin
              ? 'They were generated at the first launch to show how the dashboard works. Import your real bookings to see real demand.'
              : 'They were generated at the first launch and are not real demand. An administrator can import real bookings.'}
          </p>
        </div>
      </div>
      {isAdmin ? (
        <Link href={paths.admin.import} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Icon name="import" className="h-4 w-4" />
          Import bookings
        </Link>
      ) : null}
    </div>
  );
}
