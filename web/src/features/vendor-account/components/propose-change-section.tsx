import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { Option } from '@/lib/options';

import { useProposeChange } from '../api/propose-change';
import { vendorErrorMessage } from '../api/vendor-call';
import { changesNothing, changesOf, formValuesOf, logoLinkError, type ProposalFormValues, type TriState } from '../proposal-form';
import type { SsoProtocol, VendorListing } from '../types';

import { HomeSection } from './home-section';
import { TextAreaField } from './text-area-field';

const yesNo: ReadonlyArray<Option<TriState>> = [
  { value: '', label: 'Not stated' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const soc2Options: ReadonlyArray<Option<ProposalFormValues['soc2']>> = [
  { value: '', label: 'Not stated' },
  { value: 'Type I', label: 'Type I' },
  { value: 'Type II', label: 'Type II' },
];
const protocols: readonly SsoProtocol[] = ['SAML', 'OIDC'];

const NOTHING_CHANGED = 'Change a field first: a proposal sends only what you change.';
const LOGO_HINT =
  "A PNG, JPEG, GIF or WebP image of at most 512 KB. Litstack copies it when the operator approves and serves the copy to firms, so no firm's browser asks your server.";

/**
 * "Propose a change": the listing's facts as a form, each starting as it stands. Only the fields
 * the person changed are sent; the operator reviews the proposal before firms see it.
 */
export function ProposeChangeSection({ listing }: { listing: VendorListing }) {
  const [initial] = useState(() => formValuesOf(listing));
  const [values, setValues] = useState(initial);
  const [nothing, setNothing] = useState(false);
  // The logo link's message shows once a send was tried, then follows the typing.
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  const propose = useProposeChange();
  const pending = propose.isPending;

  const set = <K extends keyof ProposalFormValues>(field: K, value: ProposalFormValues[K]) => {
    setNothing(false);
    if (propose.isSuccess) propose.reset();
    setValues((current) => ({ ...current, [field]: value }));
  };
  const text = (
    field: { [K in keyof ProposalFormValues]: ProposalFormValues[K] extends string ? K : never }[keyof ProposalFormValues],
  ) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as ProposalFormValues[typeof field]),
    disabled: pending,
  });
  const toggleProtocol = (protocol: SsoProtocol, on: boolean) =>
    set(
      'ssoProtocols',
      protocols.filter((p) => (p === protocol ? on : values.ssoProtocols.includes(p))),
    );

  const logoError = showFieldErrors ? logoLinkError(values) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (logoLinkError(values)) {
      setShowFieldErrors(true);
      return;
    }
    const changes = changesOf(initial, values);
    if (changesNothing(changes)) {
      setNothing(true);
      return;
    }
    propose.mutate(changes, {
      onSuccess: () => {
        setValues(initial);
        setShowFieldErrors(false);
      },
    });
  };

  return (
    <HomeSection
      id="propose"
      title="Propose a change"
      description="Each field shows the listing as it stands. Change what is out of date; only the fields you change are sent, and firms see them once the operator approves."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Propose a change" className="space-y-5">
        <TextField
          label="Booking link"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Your own page for booking a demo, starting with https://. Leave it empty for none."
          {...text('bookingUrl')}
        />
        <TextField
          label="Logo link"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint={LOGO_HINT}
          error={logoError}
          {...text('logoUrl')}
        />
        <TextAreaField label="Description" rows={4} hint="Up to 2,000 characters." {...text('description')} />
        <TextAreaField label="Highlights" rows={3} hint="One per line, up to 10." {...text('highlights')} />
        <TextAreaField label="Integrations" rows={3} hint="One product per line, up to 50." {...text('integrations')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Stated price" hint="As you state it, up to 80 characters." {...text('statedPrice')} />
          <TextField label="Pricing model" hint="How you charge, up to 80 characters." {...text('pricingModel')} />
        </div>

        <div className="border-t border-slate-100 pt-5">
          <fieldset className="space-y-4">
            <legend className="mb-4 text-base font-semibold text-slate-900">Security</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Signs a BAA" options={yesNo} {...text('hipaaBaa')} />
              <SelectField label="SOC 2 report" options={soc2Options} {...text('soc2')} />
              {values.soc2 !== '' ? <TextField label="SOC 2 period end (optional)" type="date" {...text('soc2PeriodEnd')} /> : null}
              <SelectField label="ISO 27001 certified" options={yesNo} {...text('iso27001')} />
              <SelectField label="Single sign-on offered" options={yesNo} {...text('sso')} />
            </div>
            {values.sso === 'yes' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <fieldset>
                  <legend className="mb-1.5 text-sm font-medium text-slate-700">Single sign-on protocols</legend>
                  <div className="flex flex-wrap gap-4">
                    {protocols.map((protocol) => (
                      <label key={protocol} className="inline-flex items-center gap-2 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-indigo-600"
                          checked={values.ssoProtocols.includes(protocol)}
                          onChange={(event) => toggleProtocol(protocol, event.target.checked)}
                          disabled={pending}
                        />
                        {protocol}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <TextField label="Single sign-on plan (optional)" hint="The plan it comes with, if not every plan." {...text('ssoPlan')} />
              </div>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Multi-factor sign-in" options={yesNo} {...text('mfa')} />
              <SelectField label="Trains AI on customer data" options={yesNo} {...text('aiTraining')} />
              <SelectField label="Data export on exit" options={yesNo} {...text('dataExport')} />
              <TextField label="Data location" hint="Where the data is kept, e.g. “United States”." {...text('dataLocation')} />
            </div>
            <TextField
              label="Trust page"
              type="url"
              inputMode="url"
              placeholder="https://"
              hint="Your security or trust page."
              {...text('trustPage')}
            />
          </fieldset>
        </div>

        {propose.isSuccess ? (
          <Notice tone="success">Sent for review. It waits under Your proposals until the operator decides.</Notice>
        ) : null}
        {propose.isError ? <Alert>{vendorErrorMessage(propose.error, 'Failed to send the proposal. Please try again.')}</Alert> : null}
        {nothing ? <Alert>{NOTHING_CHANGED}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'Sending...' : 'Send for review'}
          </Button>
          <Button
            variant="outline"
            disabled={pending}
            onClick={() => {
              setValues(initial);
              setNothing(false);
              setShowFieldErrors(false);
              propose.reset();
            }}
          >
            Undo my changes
          </Button>
        </div>
      </form>
    </HomeSection>
  );
}
