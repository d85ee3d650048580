import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { NeedsMetList } from '@/components/vendor-card/needs-met-list';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { BriefGroup, BriefVendor } from '@/lib/api/types';

import { briefCsvUrl, useBrief } from '../api/get-brief';
import { formatDay, groupTitle } from './format';
import { LetterTile } from './letter-tile';

const priceLabels = ['', 'Budget ($)', 'Moderate ($$)', 'Premium ($$$)', 'Enterprise ($$$$)'];

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[11rem_1fr] print:grid-cols-[11rem_1fr]">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function VendorSection({ vendor }: { vendor: BriefVendor }) {
  const headingId = `brief-vendor-${vendor.vendorId}`;
  const since = vendor.history.at(-1);
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
        <Fact term="Status">
          {vendor.status}
          {since ? ` since ${formatDay(since.at)}` : ''}
          {vendor.status === 'Rejected' && vendor.rejectReason ? ` (${vendor.rejectReason})` : ''}
        </Fact>
        <Fact term="Status history">
          {vendor.history.map((h) => `${h.status} ${formatDay(h.at)}${h.by ? ` (${h.by})` : ''}`).join(' · ')}
        </Fact>
        <Fact term="Notes">
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
        </Fact>
        <Fact term="Why recommended">
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
        </Fact>
        <Fact term="Price bracket">{vendor.priceBracket ? priceLabels[vendor.priceBracket] : 'Not published'}</Fact>
        <Fact term="Works with your stack">
          {vendor.integrationsWithStack.length > 0
            ? vendor.integrationsWithStack.join(', ')
            : 'No integration with the tools in your tech stack'}
        </Fact>
        <Fact term="Facts verified">
          {vendor.verifiedOn ? formatDay(vendor.verifiedOn) : 'Not verified'}
          {vendor.sourceUrl ? <span className="block break-all text-slate-600">Source: {vendor.sourceUrl}</span> : null}
        </Fact>
      </dl>
    </section>
  );
}

function GroupSection({ group }: { group: BriefGroup }) {
  const headingId = `brief-group-${group.categoryId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4 break-before-page first-of-type:break-before-auto">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {groupTitle(group)}
      </h2>
      <div className="space-y-1 text-sm">
        <h3 className="font-semibold text-slate-800">Our criteria</h3>
        {group.criteria.length > 0 ? (
          <>
            <dl className="space-y-1">
              {group.criteria.map((c, i) => (
                <div key={i}>
                  <dt className="text-slate-700">{c.question}</dt>
                  <dd className="font-medium text-slate-900">{c.answers.join(', ')}</dd>
                </div>
              ))}
            </dl>
            {group.criteriaAnsweredAt ? <p className="text-slate-600">Answered {formatDay(group.criteriaAnsweredAt)}</p> : null}
          </>
        ) : (
          <p className="text-slate-600">The firm has not answered this category's questionnaire.</p>
        )}
      </div>
      {group.vendors.map((vendor) => (
        <VendorSection key={vendor.vendorId} vendor={vendor} />
      ))}
    </section>
  );
}

/**
 * /shortlist/brief: the due-diligence brief, laid out for printing (the browser's "Save as PDF"):
 * the firm and the date, then one page per stage with the firm's criteria and each vendor.
 * Letter tiles only: printing it asks no third party for anything.
 */
export function BriefPage() {
  const brief = useBrief();
  if (brief.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Preparing the brief..." />
      </div>
    );
  }
  if (brief.isError) return <Alert>The brief could not be prepared: {getErrorMessage(brief.error, 'please try again.')}</Alert>;
  const { firmName, preparedOn, groups } = brief.data;
  return (
    <article className="mx-auto max-w-3xl space-y-8 print:max-w-none">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button size="sm" onClick={() => window.print()}>
          Print or save as PDF
        </Button>
        <a href={briefCsvUrl} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Download CSV
        </a>
        <Link href={paths.shortlist} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Back to shortlist
        </Link>
      </div>
      <header className="space-y-1 border-b border-slate-300 pb-4">
        <h1 className="text-2xl font-semibold text-slate-900">Technology shortlist: due-diligence brief</h1>
        <p className="text-slate-700">
          {firmName} · Prepared {formatDay(preparedOn)}
        </p>
      </header>
      {groups.length === 0 ? (
        <p className="text-slate-700">The shortlist is empty: add vendors to it first.</p>
      ) : (
        groups.map((group) => <GroupSection key={group.categoryId} group={group} />)
      )}
    </article>
  );
}
