import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { VendorLogoLink, VendorNameLink } from '@/components/vendor-card/vendor-profile-link';
import { VendorLogo } from '@/components/vendor-logo';
import type { VendorProfile } from '@/lib/api/types';

/** 3-5 other active vendors of the category, each with one reason and a link to its profile. */
export function AlternativesSection({ profile }: { profile: VendorProfile }) {
  const basis =
    profile.alternativesBasis === 'questionnaire'
      ? `Ordered by your latest ${profile.category.label} questionnaire.`
      : 'Ordered by fit with your firm: its size, personal injury and your tech stack.';
  return (
    <section aria-labelledby="alternatives-heading" className="space-y-3">
      <h2 id="alternatives-heading" className="text-lg font-semibold text-slate-900">
        Alternatives
      </h2>
      {profile.alternatives.length === 0 ? (
        <p className="text-sm text-slate-600">No other active vendor in {profile.category.label}.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{basis}</p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {profile.alternatives.map((alt) => (
              <li key={alt.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
                <VendorLogoLink vendorId={alt.id}>
                  <VendorLogo name={alt.name} logoUrl={alt.logoUrl} websiteUrl={alt.websiteUrl} className="h-10 w-10" />
                </VendorLogoLink>
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    <VendorNameLink vendorId={alt.id}>{alt.name}</VendorNameLink>
                    <PriceBracket bracket={alt.priceBracket} provenance={alt.price} />
                  </p>
                  <p className="text-sm text-slate-600">{alt.reason}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
