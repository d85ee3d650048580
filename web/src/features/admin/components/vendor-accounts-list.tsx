import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

import type { VendorAccount } from '../api/get-vendor-accounts';
import { VendorAccountsRemoveDialog } from './vendor-accounts-remove-dialog';

const how = (account: VendorAccount) => (account.invited ? 'Invited' : 'Claimed by domain');
const authenticator = (account: VendorAccount) => (account.hasFactor ? 'On' : 'Off');

/** The vendor accounts by listing: who, how they came, whether sign-in asks for an authenticator code, since when; each removable. */
export function VendorAccountsList({ accounts }: { accounts: VendorAccount[] }) {
  const [removing, setRemoving] = useState<VendorAccount | null>(null);
  if (accounts.length === 0) {
    return <p className="text-sm text-slate-600">No one keeps a vendor listing yet.</p>;
  }
  return (
    <>
      <div className="-mx-5 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[20rem] text-left text-sm">
          <caption className="sr-only">Vendor accounts</caption>
          <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-5 py-2 sm:pl-0">
                Listing
              </th>
              <th scope="col" className="px-3 py-2">
                Person
              </th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">
                Access
              </th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">
                Authenticator
              </th>
              <th scope="col" className="hidden px-3 py-2 lg:table-cell">
                Since
              </th>
              <th scope="col" className="px-5 py-2 text-right sm:pr-0">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {accounts.map((account) => (
              <tr key={account.id}>
                <th scope="row" className="px-5 py-3 align-top font-medium break-words text-slate-900 sm:pl-0">
                  {account.vendorName}
                </th>
                <td className="min-w-0 px-3 py-3 align-top">
                  <span className="block break-words text-slate-900">{account.name}</span>
                  <span className="block text-slate-600 [overflow-wrap:anywhere]">{account.email}</span>
                  {/* The columns a phone has no room for. */}
                  <span className="mt-0.5 block text-xs text-slate-600 md:hidden">
                    {how(account)} · Authenticator {authenticator(account).toLowerCase()} · since {formatDate(account.createdAt)}
                  </span>
                </td>
                <td className="hidden px-3 py-3 align-top text-slate-700 md:table-cell">{how(account)}</td>
                <td className="hidden px-3 py-3 align-top md:table-cell">
                  {account.hasFactor ? <span className="text-emerald-700">On</span> : <span className="text-slate-600">Off</span>}
                </td>
                <td className="hidden px-3 py-3 align-top whitespace-nowrap text-slate-600 lg:table-cell">
                  <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
                </td>
                <td className="px-5 py-3 text-right align-top sm:pr-0">
                  <Button variant="outline" size="sm" onClick={() => setRemoving(account)}>
                    Remove<span className="sr-only"> {`${account.name} (${account.email})`}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {removing ? <VendorAccountsRemoveDialog key={removing.id} account={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}
