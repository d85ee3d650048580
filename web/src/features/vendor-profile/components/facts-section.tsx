import type { VendorProfile } from '@/lib/api/types';
import { countOf } from '@/lib/format';
import { UNCONFIRMED_LINK, pageHost } from '@/lib/vendor-facts';

import { FactRow } from './fact-row';

const priceLabels = ['', 'Budget ($)', 'Moderate ($$)', 'Premium ($$$)', 'Enterprise ($$$$)'];
const SUMMARY = 'Litstack’s summary';

/**
 * "Facts and sources": one row per fact the vendor states, each with where it came from (a page
 * read on a day, the install's administrator, or Litstack's own estimate or summary; a link whose
 * page was not recorded says so). A fact nobody states has no row.
 */
export function FactsSection({ profile }: { profile: VendorProfile }) {
  const { facts, name } = profile;
  const bracket = profile.priceBracket && profile.priceBracket >= 1 && profile.priceBracket <= 4 ? profile.priceBracket : null;
  const stated = [
    facts.website,
    facts.bookingLink,
    facts.description,
    facts.highlights,
    facts.integrations,
    bracket ? facts.price : null,
    facts.statedPrice,
    facts.pricingModel,
    facts.logo,
  ].some(Boolean);
  return (
    <section id="facts-and-sources" aria-labelledby="facts-heading" className="scroll-mt-6 space-y-3">
      <h2 id="facts-heading" className="text-lg font-semibold text-slate-900">
        Facts and sources
      </h2>
      <p className="max-w-3xl text-sm text-slate-600">
        Where each fact on this page comes from. Facts not checked against a page are marked as Litstack’s estimate, or Litstack’s summary
        for the description and highlights; a website or booking link whose page was not recorded reads “Source not recorded”.
      </p>
      {stated ? null : <p className="text-sm text-slate-600">Litstack holds no facts about {name} yet.</p>}
      {stated ? (
        <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {facts.website ? (
            <FactRow term="Website" provenance={facts.website} fact={`${name}’s website`} estimate={UNCONFIRMED_LINK}>
              {pageHost(profile.websiteUrl)}
            </FactRow>
          ) : null}
          {facts.bookingLink ? (
            <FactRow term="Booking link" provenance={facts.bookingLink} fact={`${name}’s booking link`} estimate={UNCONFIRMED_LINK}>
              {pageHost(profile.bookingUrl)}
            </FactRow>
          ) : null}
          {facts.description ? (
            <FactRow term="Description" provenance={facts.description} fact={`${name}’s description`} estimate={SUMMARY} />
          ) : null}
          {facts.highlights ? (
            <FactRow term="Highlights" provenance={facts.highlights} fact={`${name}’s highlights`} estimate={SUMMARY} />
          ) : null}
          {facts.integrations ? (
            <FactRow term="Integrations" provenance={facts.integrations} fact={`${name}’s integrations`}>
              {profile.integrations.length > 0 ? `${countOf(profile.integrations.length, 'tool')} listed` : null}
            </FactRow>
          ) : null}
          {facts.price && bracket ? (
            <FactRow term="Price bracket" provenance={facts.price} fact={`${name}’s price bracket`}>
              {priceLabels[bracket]}
            </FactRow>
          ) : null}
          {facts.statedPrice ? (
            <FactRow term="Stated price" provenance={facts.statedPrice.provenance} fact={`${name}’s stated price`}>
              {facts.statedPrice.value}
            </FactRow>
          ) : null}
          {facts.pricingModel ? (
            <FactRow term="Pricing model" provenance={facts.pricingModel.provenance} fact={`${name}’s pricing model`}>
              {facts.pricingModel.value}
            </FactRow>
          ) : null}
          {facts.logo ? <FactRow term="Logo" provenance={facts.logo} fact={`${name}’s logo`} /> : null}
        </dl>
      ) : null}
    </section>
  );
}
