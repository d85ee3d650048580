import { useId, useState, type FormEvent } from 'react';

import { OneTimeLinkDialog } from '@/components/one-time-link-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useAdminVendors } from '../api/get-admin-vendors';
import { useInviteVendorPerson } from '../api/invite-vendor-person';

type Listing = { id: number; name: string };
type Invited = { listing: Listing; email: string; link: string | null };

/** How long an invitation link works (the server's LINK_DAYS). */
const LINK_DAYS = 7;

/**
 * "Invite a person": the listing (found by name among the vendors Manage Vendors lists) and the
 * person's address. The link is mailed, or, when this install sends no mail, shown once for the
 * operator to hand over.
 */
export function VendorAccountsInviteForm() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [invited, setInvited] = useState<Invited | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const q = useDebouncedValue(search.trim(), 300);
  const vendors = useAdminVendors({ q, page: 1 });
  const invite = useInviteVendorPerson();

  const found = vendors.data?.items ?? [];
  const options = found.map((v) => ({ value: String(v.id), label: v.isActive ? v.name : `${v.name} (inactive)` }));
  // The listing chosen stays a choice while another search shows other vendors.
  if (listing && !found.some((v) => v.id === listing.id)) options.unshift({ value: String(listing.id), label: listing.name });
  const total = vendors.data?.total ?? 0;
  const address = email.trim();
  const errors = submitted
    ? {
        listing: listing ? undefined : 'Choose the listing the person will keep.',
        email: !address
          ? 'Enter the person’s email address.'
          : !address.includes('@')
            ? 'Enter an email address like jo@vendor.com.'
            : undefined,
      }
    : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setInvited(null);
    if (!listing || !address.includes('@')) return;
    invite.mutate(
      { vendorId: listing.id, email: address },
      {
        onSuccess: (answer) => {
          setInvited({ listing, email: address, link: answer.mailed ? null : (answer.link ?? null) });
          setLinkOpen(!answer.mailed);
          setEmail('');
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="max-w-2xl space-y-3 border-t border-slate-100 pt-5">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Invite a person
      </h3>
      <p className="text-sm text-slate-600">
        They choose their name and a password from the invitation link, which works once, within {LINK_DAYS} days. Then they keep the
        listing: they propose changes to it, and you decide.
      </p>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-4">
        {invite.isError ? <Alert>{getErrorMessage(invite.error, 'The invitation could not be made. Please try again.')}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Find the listing"
            type="search"
            autoComplete="off"
            maxLength={200}
            placeholder="Vendor name..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectField
            label="Listing"
            placeholder={vendors.isPending ? 'Loading vendors...' : 'Choose a listing'}
            options={options}
            value={listing ? String(listing.id) : ''}
            onChange={(event) => {
              const id = Number(event.target.value);
              const vendor = found.find((v) => v.id === id);
              setListing(vendor ? { id: vendor.id, name: vendor.name } : listing?.id === id ? listing : null);
              invite.reset();
            }}
            error={errors.listing}
          />
        </div>
        {vendors.error ? (
          <Alert>{getErrorMessage(vendors.error, 'Failed to load vendors. Please try again.')}</Alert>
        ) : vendors.data && total > found.length ? (
          <p className="-mt-2 text-xs text-slate-500">
            The list shows {found.length} of {countOf(total, 'vendor')}: type part of a name to find the others.
          </p>
        ) : vendors.data && total === 0 ? (
          <p className="-mt-2 text-xs text-slate-500">No vendor matches “{q}”.</p>
        ) : null}
        <TextField
          label="Their email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            invite.reset();
          }}
          error={errors.email}
        />
        <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
          {invite.isPending ? 'Inviting...' : 'Invite'}
        </Button>
      </form>
      {invited && !invited.link ? (
        <Notice tone="success">
          We mailed an invitation to {invited.email} to keep {invited.listing.name}’s listing.
        </Notice>
      ) : null}
      {invited?.link && !linkOpen ? (
        <p className="text-sm text-slate-600">
          The invitation link for {invited.email} ({invited.listing.name}) is not shown again: invite them again for a new one.
        </p>
      ) : null}
      <OneTimeLinkDialog
        link={linkOpen ? (invited?.link ?? null) : null}
        onClose={() => setLinkOpen(false)}
        title={`Invitation to keep ${invited?.listing.name ?? 'the listing'}’s listing`}
        linkLabel="Invitation link"
      >
        <p>
          This install sends no mail, so hand this link to {invited?.email} yourself. It works once, within {LINK_DAYS} days, and is shown
          only now.
        </p>
      </OneTimeLinkDialog>
    </section>
  );
}
