import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ViewOnlyNote } from '@/components/view-only-note';
import { Spinner } from '@/components/ui/spinner';
import { PartnerExplainer } from '@/components/vendor-card/partner-explainer';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { usePageParams } from '@/lib/use-page-params';

import { useComparison } from '../api/get-comparison';
import { andList } from '../format';
import { ComparisonTable } from './comparison-table';
import { linkClasses } from './styles';

/** /compare?ids=1,2,3: 2 to 4 vendors side by side. The address is shareable. */
export function ComparePage() {
  const ids = usePageParams().get('ids') ?? '';
  const comparison = useComparison(ids);

  const header = (
    <>
      <PageHeader
        title="Compare vendors"
        description="Side by side, with the tools in your tech stack highlighted and what firms your size book and use. Counts under 5 are shown as “fewer than 5”. Each fact says where it comes from, and a security fact no source states reads “Not stated”."
      />
      <ViewOnlyNote />
    </>
  );

  if (comparison.isPending) {
    return (
      <>
        {header}
        <Spinner label="Loading the comparison..." />
      </>
    );
  }
  if (comparison.isError) {
    return (
      <>
        {header}
        <div className="max-w-xl space-y-4">
          <Alert>
            <p className="font-semibold">This comparison cannot be shown.</p>
            <p>{getErrorMessage(comparison.error, 'Failed to load the comparison. Please try again.')}</p>
          </Alert>
          <Link href={paths.vendors} className={buttonClasses({ variant: 'outline' })}>
            Back to Browse Vendors
          </Link>
        </div>
      </>
    );
  }

  const data = comparison.data;
  const categories = [...new Set(data.vendors.map((v) => v.category.label))];
  return (
    <>
      {header}
      <div className="space-y-4">
        {data.differentCategories ? (
          <p className="rounded-lg border border-sky-200 bg-sky-50 px-3.5 py-3 text-sm text-sky-900">
            These vendors are in different categories ({andList(categories)}): they answer different needs, so compare each with others of
            its own category too.
          </p>
        ) : null}
        <ComparisonTable comparison={data} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <Link href={paths.vendors} className={linkClasses}>
            Back to Browse Vendors
          </Link>
          <PartnerExplainer />
        </div>
      </div>
    </>
  );
}
