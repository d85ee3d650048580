import type { Vendor } from '@/lib/api/types';

/** A vendor's partner level and star, as the vendor table shows them. */
export function PartnerCell({ vendor }: { vendor: Vendor }) {
  if (!vendor.partnerLevel && !vendor.isRecommendedPartner) return <span className="text-slate-500">None</span>;
  return (
    <span className="whitespace-nowrap">
      {vendor.partnerLevel ?? 'No level'}
      {vendor.isRecommendedPartner ? (
        <span role="img" aria-label="with the recommended-partner star" className="ml-1 text-amber-500">
          ★
        </span>
      ) : null}
    </span>
  );
}
