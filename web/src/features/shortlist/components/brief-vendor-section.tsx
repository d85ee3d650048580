import { NeedsMetList } from '@/components/vendor-card/needs-met-list';
import type { BriefVendor } from '@/lib/api/types';
import { UNCONFIRMED_LINK, securityLines } from '@/lib/vendor-facts';

import { BriefFact } from './brief-fact';
import { BriefProvenance } from './brief-provenance';
import { formatDay } from './format';
import { LetterTile } from './letter-tile';

const priceLabels = ['', 'Budget ($)', 'Moderate ($$)', 'Premium ($$$)', 'Enterprise ($$$$)'];

/**
 * A vendor of the brief: status and history, notes, why recommended, price, fit with the stack,
 * booking link and security, each fact with where it came from.
 */
export function BriefVendorSection({ vendor }: { vendor: BriefVendor }) {
  const headingId = `brief-vendor-${vendor.vendorId}`;
  const since = vendor.history.at(-1);
  const { facts } = vendor;
  const security = securityLines(facts.security);
  const stated = security.filter((line) => line.value !== null);
  const unstated = security.filter((line) => line.value === null);
  const bracket = vendor.priceBracket ? priceLabels[vendor.priceBracket] : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 break-inside-avoid print:rounded-none print:border-x-0 print:border-b-0 print:px-0"
    >
      <div className="flex items-center gap-3">
        <LetterTile name={vendor.vendorName} />
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {vendor.vendorName}
        </h3>
      </div>
      <dl className="space-y-2 text-sm">
        <BriefFact term="Status">
          {vendor.status}
          {since ? ` since ${formatDay(since.at)}` : ''}
          {vendor.status === 'Rejected' && vendor.rejectReason ? ` (${vendor.rejectReason})` : ''}
        </BriefFact>
        <BriefFact term="Status history">
          {vendor.history.map((h) => `${h.status} ${formatDay(h.at)}${h.by ? ` (${h.by})` : ''}`).join(' · ')}
        </BriefFact>
        <BriefFact term="Notes">
          {vendor.note ? (
            <>
              <span className="whitespace-pre-wrap">{vendor.note}</span>
              {vendor.noteBy && vendor.noteAt ? (
                <span className="block text-slate-600">
                  {vendor.noteBy}, {formatDay(vendor.noteAt)}
                </span>
              ) : null}
            </>
          ) : (
            'None'
          )}
        </BriefFact>
        <BriefFact term="Why recommended">
          {vendor.recommendation ? (
            <>
              <ul className="list-disc space-y-0.5 pl-5">
                {vendor.recommendation.reasons.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </ul>
              <NeedsMetList needs={vendor.recommendation.needsMet} className="ml-5" />
              <span className="text-slate-600">As of {formatDay(vendor.recommendation.recommendedAt)}</span>
            </>
          ) : (
            'Added by the firm; not recommended by Litstack'
          )}
        </BriefFact>
        <BriefFact term="Price">
          {bracket ? (
            <>
              {bracket}
              {facts.price ? <BriefProvenance provenance={facts.price} /> : null}
            </>
          ) : (
            'Not published'
          )}
          {facts.statedPrice ? (
            <span className="mt-1 block">
              Stated price: {facts.statedPrice.value}
              <BriefProvenance provenance={facts.statedPrice.provenance} />
            </span>
          ) : null}
          {facts.pricingModel ? (
            <span className="mt-1 block">
              Pricing model: {facts.pricingModel.value}
              <BriefProvenance provenance={facts.pricingModel.provenance} />
            </span>
          ) : null}
        </BriefFact>
        <BriefFact term="Works with your stack">
          {vendor.integrationsWithStack.length > 0
            ? vendor.integrationsWithStack.join(', ')
            : 'No integration with the tools in your tech stack'}
        </BriefFact>
        <BriefFact term="Booking link">
          {facts.bookingLink ? (
            <>
              Listed
              <BriefProvenance provenance={facts.bookingLink} estimate={UNCONFIRMED_LINK} />
            </>
          ) : (
            'None listed'
          )}
        </BriefFact>
        <BriefFact term="Security">
          {stated.length === 0 ? (
            'Not stated on any page Litstack has read'
          ) : (
            <ul className="space-y-1">
              {stated.map((line) => (
                <li key={line.key}>
                  {line.label}: {line.value}
                  {line.provenance ? <BriefProvenance provenance={line.provenance} /> : null}
                </li>
              ))}
              {unstated.length > 0 ? <li>Not stated: {unstated.map((line) => line.label).join(', ')}</li> : null}
            </ul>
          )}
        </BriefFact>
      </dl>
    </section>
  );
}
