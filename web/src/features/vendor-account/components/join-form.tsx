import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { hasErrors } from '@/lib/validation';

import { useAcceptVendorLink } from '../api/accept-link';
import { vendorErrorMessage } from '../api/vendor-call';
import type { VendorLink } from '../types';
import { validateNewAccount } from '../validation';

import { AuthLayout } from '@/components/auth-layout';
import { VENDOR_TAGLINE } from '../tagline';

/** A mailed link's account form: the address fixed, a name and a password to choose. */
export function JoinForm({ token, link, footer }: { token: string; link: VendorLink; footer: ReactNode }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ name: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const accept = useAcceptVendorLink({ onSuccess: () => navigate(paths.vendor.home) });
  const errors = submitted ? validateNewAccount(values) : {};
  const pending = accept.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateNewAccount(values))) return;
    accept.mutate({ token, name: values.name.trim(), password: values.password });
  };

  return (
    <AuthLayout
      tagline={VENDOR_TAGLINE}
      title={`Keep ${link.vendorName}’s listing`}
      subtitle={
        link.invited
          ? `The operator of this Litstack invited you to keep ${link.vendorName}’s listing. Choose your name and a password.`
          : `Your address is at ${link.vendorName}’s domain. Choose your name and a password.`
      }
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Make your vendor account" className="space-y-4">
        {accept.isError ? <Alert>{vendorErrorMessage(accept.error, 'Failed to make your account. Please try again.')}</Alert> : null}
        <TextField label="Email" type="email" value={link.email} readOnly hint="The link is for this email address." />
        <TextField
          label="Full Name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
          error={errors.name}
          disabled={pending}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={values.password}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
          error={errors.password}
          disabled={pending}
        />
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Saving...' : `Keep ${link.vendorName}’s listing`}
        </Button>
      </form>
    </AuthLayout>
  );
}
