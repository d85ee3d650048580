import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';

import { briefCsvUrl, useBrief } from '../api/get-brief';
import { BriefGroupSection } from './brief-group-section';
import { formatDay } from './format';

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
        groups.map((group) => <BriefGroupSection key={group.categoryId} group={group} />)
      )}
    </article>
  );
}
