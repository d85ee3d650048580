import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { usePageParams } from '@/lib/use-page-params';
import { isValidEmail } from '@/lib/validation';

import { useClaimListing } from '../api/claim-listing';
import { useClaimableListings } from '../api/get-claimable-listings';
import { vendorErrorMessage } from '../api/vendor-call';
import type { ClaimableListing } from '../types';
import { messages } from '../validation';

import { TextLink } from './text-link';
import { AuthLayout } from '@/components/auth-layout';
import { VENDOR_TAGLINE } from '../tagline';

/** The listing a claim link preselects (`?vendor=<id>`), or null when it names none. */
export function listingIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The line under the email field once a listing is chosen: the domain to use, or why none will do. */
export function addressHint(listing: ClaimableListing): string {
  return listing.domain
    ? `Use your address at ${listing.domain}.`
    : `${listing.name} can only be invited: ask the operator of this Litstack for an invitation.`;
}

const CHOOSE_LISTING = 'Choose your company’s listing';

/**
 * /vendor/claim: a person at a vendor picks its listing and gives their work address at the
 * listing's domain; the server mails a link to it that opens /vendor/join. A claim link's
 * `?vendor=<id>` preselects the listing.
 */
export function ClaimPage() {
  const preselected = listingIdOf(usePageParams().get('vendor'));
  const listings = useClaimableListings();

  return (
    <AuthLayout
      tagline={VENDOR_TAGLINE}
      title="Claim your listing"
      subtitle="Choose your company’s listing and we email a link to your work address."
      footer={
        <p>
          Keep a listing already? <TextLink href={paths.vendor.signIn}>Sign in</TextLink>
        </p>
      }
    >
      {listings.isError ? (
        <div className="space-y-3">
          <Alert>{vendorErrorMessage(listings.error, 'Failed to load the listings. Please try again.')}</Alert>
          <Button variant="outline" className="w-full" onClick={() => void listings.refetch()}>
            Try again
          </Button>
        </div>
      ) : !listings.data ? (
        <div className="py-6 text-center">
          <Spinner label="Loading the listings..." />
        </div>
      ) : listings.data.length === 0 ? (
        <Notice>The catalog has no listings to claim yet.</Notice>
      ) : (
        <ClaimForm listings={listings.data} preselected={preselected} />
      )}
    </AuthLayout>
  );
}

function ClaimForm({ listings, preselected }: { listings: ClaimableListing[]; preselected: number | null }) {
  const [listingId, setListingId] = useState(() => (listings.some((l) => l.id === preselected) ? String(preselected) : ''));
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const claim = useClaimListing();
  const chosen = listings.find((l) => String(l.id) === listingId);
  const inviteOnly = chosen !== undefined && !chosen.domain;
  const listingError = submitted && !chosen ? CHOOSE_LISTING : undefined;
  const emailError = submitted && !isValidEmail(email) ? messages.email : undefined;
  const pending = claim.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!chosen || inviteOnly || !isValidEmail(email)) return;
    claim.mutate({ vendorId: chosen.id, email: email.trim() });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Claim your listing" className="space-y-4">
      {claim.isSuccess ? (
        <Notice tone="success">
          <p>{claim.data.message}</p>
          <p className="mt-1">Nothing arrived? Look in your spam folder.</p>
        </Notice>
      ) : null}
      {claim.isError ? <Alert>{vendorErrorMessage(claim.error, 'Failed to send the link. Please try again.')}</Alert> : null}
      <SelectField
        label="Your company’s listing"
        placeholder="Choose a listing"
        options={listings.map((l) => ({ value: String(l.id), label: l.name }))}
        value={listingId}
        onChange={(event) => {
          setListingId(event.target.value);
          // An answer about another listing says nothing about this one.
          claim.reset();
        }}
        error={listingError}
        disabled={pending}
      />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        placeholder="you@yourcompany.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        hint={chosen ? addressHint(chosen) : undefined}
        error={emailError}
        disabled={pending}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending || inviteOnly}>
        {pending ? 'Sending...' : 'Email me a link'}
      </Button>
    </form>
  );
}
