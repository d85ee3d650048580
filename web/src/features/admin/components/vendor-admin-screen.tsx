import { useState } from 'react';
import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { UNCONFIRMED_LINK, provenanceText } from '@/lib/vendor-facts';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { Vendor } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useAdminVendors } from '../api/get-admin-vendors';

import { CatalogFeedPanel } from './catalog-feed-panel';
import { DemoRequestCounts } from './demo-request-counts';
import { PartnerCell } from './partner-cell';
import { VendorAccountsSection } from './vendor-accounts-section';
import { VendorEditDialog } from './vendor-edit-dialog';
import { VendorProposalsSection } from './vendor-proposals-section';

/**
 * The proposals vendors made for their listings (work waiting, so first), the vendor table,
 * searched and paged, the edit dialog of the vendor chosen, the people who keep a listing, the
 * demo requests and asks to join counted per vendor, and the shared catalog this install follows.
 */
export function VendorAdminScreen() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Vendor | null>(null);
  const q = useDebouncedValue(search.trim(), 300);
  const vendors = useAdminVendors({ q, page: page });
  const data = vendors.data;

  return (
    <>
      <PageHeader
        title="Manage Vendors"
        description={
          <>
            Set each vendor’s partner status, whether it is active, its booking and logo links, and the security facts it states. Changes
            show in the directory and in recommendations at once. To change many vendors at a time,{' '}
            <Link href={paths.admin.import} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              import a vendor CSV
            </Link>
            .
          </>
        }
      />
      <div className="mb-6">
        <VendorProposalsSection />
      </div>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-6">
        <div className="mb-4 max-w-md">
          <label htmlFor="admin-vendor-search" className="mb-1.5 block text-sm font-medium text-slate-700">
            Search vendors
          </label>
          <input
            id="admin-vendor-search"
            type="search"
            maxLength={200}
            autoComplete="off"
            placeholder="Vendor name..."
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className={cn(inputClasses, 'h-10 border-slate-300')}
          />
        </div>

        {vendors.error ? (
          <Alert>{getErrorMessage(vendors.error, 'Failed to load vendors. Please try again.')}</Alert>
        ) : !data ? (
          <Spinner label="Loading vendors..." />
        ) : data.items.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">No vendor matches “{q}”.</p>
        ) : (
          <div aria-busy={vendors.isFetching} className={cn(vendors.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <p className="mb-3 text-sm text-slate-600">
              {data.withoutBookingLink === 0
                ? 'Every vendor has a booking link.'
                : `${countOf(data.withoutBookingLink, 'vendor has', 'vendors have')} no booking link yet and ${data.withoutBookingLink === 1 ? 'is' : 'are'} listed first: their cards say “No scheduler available” and offer Visit Website, and nothing is requested on a firm’s behalf. Add links in bulk with a vendor CSV (bookingUrl with bookingSourceUrl and bookingVerifiedOn).`}
            </p>
            <div className="-mx-4 overflow-x-auto sm:mx-0">
              <table className="w-full min-w-[20rem] text-left text-sm">
                <caption className="sr-only">Vendors, inactive ones included</caption>
                <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2 sm:pl-0">
                      Vendor
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Partner
                    </th>
                    <th scope="col" className="hidden px-3 py-2 md:table-cell">
                      Status
                    </th>
                    <th scope="col" className="hidden px-3 py-2 lg:table-cell">
                      Booking link
                    </th>
                    <th scope="col" className="px-4 py-2 text-right sm:pr-0">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.items.map((vendor) => (
                    <tr key={vendor.id} className={cn(!vendor.isActive && 'bg-red-50/60')}>
                      <th scope="row" className="px-4 py-3 font-normal sm:pl-0">
                        <span className="block font-medium break-words text-slate-900">{vendor.name}</span>
                        <span className="block text-xs text-slate-500">
                          {vendor.categoryLabel}
                          {vendor.isActive ? null : <span className="font-semibold text-red-700 md:hidden"> · Inactive</span>}
                        </span>
                      </th>
                      <td className="px-3 py-3 text-slate-700">
                        <PartnerCell vendor={vendor} />
                      </td>
                      <td className="hidden px-3 py-3 md:table-cell">
                        {vendor.isActive ? (
                          <span className="text-emerald-700">Active</span>
                        ) : (
                          <span className="font-semibold text-red-700">Inactive</span>
                        )}
                      </td>
                      <td className="hidden max-w-[16rem] px-3 py-3 text-slate-600 lg:table-cell" title={vendor.bookingUrl ?? undefined}>
                        {vendor.bookingUrl ? (
                          <>
                            <span className="block truncate">{vendor.bookingUrl}</span>
                            {/* Where the link came from, as firms are told: a page, an edit here, a shared catalog. */}
                            <span className="block text-xs text-slate-500">
                              {vendor.facts.bookingLink ? provenanceText(vendor.facts.bookingLink, UNCONFIRMED_LINK) : UNCONFIRMED_LINK}
                            </span>
                          </>
                        ) : (
                          <span className="text-slate-500">None</span>
                        )}
                      </td>
                      <td className="px-4 py-3 text-right sm:pr-0">
                        <Button variant="outline" size="sm" onClick={() => setEditing(vendor)}>
                          Edit<span className="sr-only"> {vendor.name}</span>
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav
              aria-label="Pagination"
              className="mt-4 flex flex-col items-center justify-between gap-3 border-t border-slate-100 pt-4 sm:flex-row"
            >
              <p className="text-sm text-slate-600">{countOf(data.total, 'vendor')}</p>
              {data.totalPages > 1 ? (
                <div className="flex items-center gap-3">
                  <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
                    Previous
                  </Button>
                  <span className="text-sm font-medium text-slate-700" aria-live="polite">
                    Page {data.page} of {data.totalPages}
                  </span>
                  <Button variant="outline" size="sm" disabled={data.page >= data.totalPages} onClick={() => setPage(data.page + 1)}>
                    Next
                  </Button>
                </div>
              ) : null}
            </nav>
          </div>
        )}
      </div>
      <div className="mt-6">
        <VendorAccountsSection />
      </div>
      <div className="mt-6">
        <DemoRequestCounts />
      </div>
      <div className="mt-6">
        <CatalogFeedPanel />
      </div>
      {editing ? <VendorEditDialog key={editing.id} vendor={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
