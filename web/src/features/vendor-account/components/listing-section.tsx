import { VendorLogo } from '@/components/vendor-logo';
import { UNCONFIRMED_LINK, securityLines } from '@/lib/vendor-facts';

import type { VendorListing } from '../types';

import { HomeSection } from './home-section';
import { ListingFact } from './listing-fact';

const SUMMARY = 'Litstack’s summary';

/**
 * "Your listing as firms see it": its logo and name as a firm's card shows them, then each fact of the listing with the line firms read under it
 * (read on a page, added by the operator, supplied by the vendor, or Litstack's estimate).
 */
export function ListingSection({ listing }: { listing: VendorListing }) {
  const { facts, name } = listing;
  const list = (items: string[]) =>
    items.length === 0 ? null : (
      <ul className="list-disc space-y-0.5 pl-5">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    );
  return (
    <HomeSection
      id="listing"
      title="Your listing as firms see it"
      description="Under each fact, the line firms read about where it came from. A fact nobody states reads “Not stated”."
    >
      <div className="mb-3 flex items-center gap-3">
        <VendorLogo name={name} logoUrl={listing.logoUrl} websiteUrl={listing.websiteUrl} />
        <p className="min-w-0 text-base font-semibold break-words text-slate-900">{name}</p>
      </div>
      <dl className="divide-y divide-slate-100">
        <ListingFact term="Website" provenance={facts.website} fact={`${name}’s website`} estimate={UNCONFIRMED_LINK}>
          {listing.websiteUrl || null}
        </ListingFact>
        <ListingFact term="Booking link" provenance={facts.bookingLink} fact={`${name}’s booking link`} estimate={UNCONFIRMED_LINK}>
          {listing.bookingUrl || null}
        </ListingFact>
        <ListingFact term="Description" provenance={facts.description} fact={`${name}’s description`} estimate={SUMMARY}>
          {listing.description || null}
        </ListingFact>
        <ListingFact term="Highlights" provenance={facts.highlights} fact={`${name}’s highlights`} estimate={SUMMARY}>
          {list(listing.shortHighlights)}
        </ListingFact>
        <ListingFact term="Integrations" provenance={facts.integrations} fact={`${name}’s integrations`}>
          {list(listing.integrations)}
        </ListingFact>
        <ListingFact term="Stated price" provenance={facts.statedPrice?.provenance} fact={`${name}’s stated price`}>
          {facts.statedPrice?.value ?? null}
        </ListingFact>
        <ListingFact term="Pricing model" provenance={facts.pricingModel?.provenance} fact={`${name}’s pricing model`}>
          {facts.pricingModel?.value ?? null}
        </ListingFact>
        {securityLines(facts.security).map((line) => (
          <ListingFact key={line.key} term={line.label} provenance={line.provenance} fact={`${name}’s ${line.label}`}>
            {line.value}
          </ListingFact>
        ))}
      </dl>
    </HomeSection>
  );
}
