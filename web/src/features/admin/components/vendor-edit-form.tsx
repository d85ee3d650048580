import { useId, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { VendorLogo } from '@/components/vendor-logo';
import { verifiedMonth } from '@/lib/vendor-facts';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { PartnerLevel, Vendor, VendorUpdate } from '@/lib/api/types';

import { PARTNER_LEVELS, useUpdateVendor } from '../api/update-vendor';
import { flagOptions, securityChanges, securityFormOf, soc2Options, ssoOptions, type SecurityForm } from '../security-edit';

const levelOptions = [{ value: '', label: 'None' }, ...PARTNER_LEVELS.map((level) => ({ value: level, label: level }))];

const LINK_MESSAGE = 'Enter an address starting with http:// or https://, or leave it empty.';

/** An empty field, or something that at least starts like a web address; the server checks the rest. */
const looksLikeLink = (text: string) => text === '' || /^https?:\/\/\S+$/i.test(text);

/** Whether the vendor's logo is a copy Litstack serves (rather than none, or a link a CSV import left uncopied). */
export const servesLogo = (vendor: Pick<Vendor, 'logoUrl'>) => vendor.logoUrl?.startsWith('/api/logos/') ?? false;

const COPIES_LOGO_HINT = 'Litstack copies the image (PNG, JPEG, GIF or WebP, at most 512 KB) when you save, and serves the copy to firms.';
const SERVED_LOGO_HINT = 'Litstack serves a copy of this logo. Enter a new http(s) address to replace it.';

/**
 * The fields the form changed, and only those: the server leaves the others as they are. A logo
 * Litstack serves starts as an empty field, so there empty means "unchanged" and only `removeLogo`
 * clears it.
 */
export function changedFields(
  vendor: Vendor,
  form: { level: string; star: boolean; active: boolean; booking: string; logo: string; removeLogo?: boolean },
): VendorUpdate {
  const update: VendorUpdate = {};
  const level = form.level === '' ? null : (form.level as PartnerLevel);
  if (level !== (vendor.partnerLevel ?? null)) update.partnerLevel = level;
  if (form.star !== vendor.isRecommendedPartner) update.isRecommendedPartner = form.star;
  if (form.active !== vendor.isActive) update.isActive = form.active;
  const booking = form.booking.trim() || null;
  if (booking !== (vendor.bookingUrl ?? null)) update.bookingUrl = booking;
  const logo = form.logo.trim() || null;
  if (servesLogo(vendor)) {
    if (form.removeLogo) update.logoUrl = null;
    else if (logo) update.logoUrl = logo;
  } else if (logo !== (vendor.logoUrl ?? null)) update.logoUrl = logo;
  return update;
}

type VendorEditFormProps = {
  vendor: Vendor;
  onClose: () => void;
  /** To the delete confirmation. */
  onDelete: () => void;
  /** To "Merge into…". */
  onMerge: () => void;
};

/** The edit form of {@link VendorEditDialog}, with its Delete and "Merge into…" buttons. */
export function VendorEditForm({ vendor, onClose, onDelete, onMerge }: VendorEditFormProps) {
  const formId = useId();
  const [level, setLevel] = useState(vendor.partnerLevel ?? '');
  const [star, setStar] = useState(vendor.isRecommendedPartner);
  const [active, setActive] = useState(vendor.isActive);
  const [booking, setBooking] = useState(vendor.bookingUrl ?? '');
  const served = servesLogo(vendor);
  const [logo, setLogo] = useState(served ? '' : (vendor.logoUrl ?? ''));
  const [removeLogo, setRemoveLogo] = useState(false);
  const [security, setSecurity] = useState<SecurityForm>(() => securityFormOf(vendor.facts.security));
  const setFact =
    <K extends keyof SecurityForm>(key: K) =>
    (event: { target: { value: string } }) =>
      setSecurity((current) => ({ ...current, [key]: event.target.value as SecurityForm[K] }));
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateVendor();

  const bookingError = showFieldErrors && !looksLikeLink(booking.trim()) ? LINK_MESSAGE : undefined;
  // A logo being removed is not checked: what the field holds is not sent.
  const logoChecked = !(served && removeLogo);
  const logoError = showFieldErrors && logoChecked && !looksLikeLink(logo.trim()) ? LINK_MESSAGE : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!looksLikeLink(booking.trim()) || (logoChecked && !looksLikeLink(logo.trim()))) {
      setShowFieldErrors(true);
      return;
    }
    const changes = changedFields(vendor, { level, star, active, booking, logo, removeLogo });
    const facts = securityChanges(vendor.facts.security, security);
    if (facts) changes.facts = facts;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: vendor.id, update: changes },
      {
        onSuccess: (saved) => {
          toast({ title: 'Vendor saved', description: `${saved.name} was updated.` });
          onClose();
        },
        onError: (error) => setFailure(getErrorMessage(error, 'The vendor could not be saved. Please try again.')),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Edit ${vendor.name}`}
      description={vendor.categoryLabel}
      footer={
        <>
          <div className="flex gap-2 sm:mr-auto">
            <Button variant="ghost" onClick={onDelete} disabled={update.isPending}>
              <span className="text-red-700">Delete</span>
            </Button>
            <Button variant="ghost" onClick={onMerge} disabled={update.isPending}>
              Merge into…
            </Button>
          </div>
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" aria-busy={update.isPending} noValidate>
        {failure ? <Alert>{failure}</Alert> : null}
        <SelectField label="Partner level" options={levelOptions} value={level} onChange={(e) => setLevel(e.target.value)} />
        <label className="flex items-start gap-2.5 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={star}
            onChange={(e) => setStar(e.target.checked)}
            className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-indigo-600"
          />
          <span>
            Recommended partner <span className="text-slate-500">(shows a star)</span>
          </span>
        </label>
        <label className="flex items-start gap-2.5 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-indigo-600"
          />
          <span>
            Active <span className="text-slate-500">(inactive vendors are hidden from the directory by default and never recommended)</span>
          </span>
        </label>
        <TextField
          label="Booking URL"
          inputMode="url"
          autoComplete="off"
          placeholder="https://vendor.example.com/demo"
          value={booking}
          onChange={(e) => setBooking(e.target.value)}
          hint={
            vendor.bookingVerifiedOn && vendor.bookingSourceUrl
              ? `The vendor’s own demo or scheduling page, checked in ${verifiedMonth(vendor.bookingVerifiedOn)} against ${vendor.bookingSourceUrl}. A new link here drops that check. Empty: the vendor’s cards say “No scheduler available” and offer Visit Website.`
              : 'The vendor’s own demo or scheduling page. Empty: the vendor’s cards say “No scheduler available” and offer Visit Website.'
          }
          error={bookingError}
        />
        {/* One field either way: beside a served copy it replaces the copy, and "Remove the logo" under it removes it. */}
        <div className="space-y-3">
          <div className="flex items-start gap-3">
            {served && <VendorLogo name={vendor.name} logoUrl={vendor.logoUrl} websiteUrl={vendor.websiteUrl} className="mt-7 h-10 w-10" />}
            <TextField
              className="min-w-0 flex-1"
              label="Logo URL"
              inputMode="url"
              autoComplete="off"
              placeholder="https://vendor.example.com/logo.png"
              value={logo}
              onChange={(e) => setLogo(e.target.value)}
              disabled={served && removeLogo}
              hint={served ? SERVED_LOGO_HINT : COPIES_LOGO_HINT}
              error={logoError}
            />
          </div>
          {served && (
            <label className="flex items-start gap-2.5 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={removeLogo}
                onChange={(e) => setRemoveLogo(e.target.checked)}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-indigo-600"
              />
              <span>Remove the logo</span>
            </label>
          )}
        </div>
        <fieldset className="space-y-3 border-t border-slate-100 pt-4">
          <legend className="float-left mb-1 w-full text-sm font-semibold text-slate-900">Security facts</legend>
          <p className="clear-left text-sm text-slate-600">
            What the vendor states. Firms see a fact you set here as added by your administrator today; “Not stated” shows nothing.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Signs a BAA" options={flagOptions} value={security.baa} onChange={setFact('baa')} />
            <SelectField label="SOC 2" options={soc2Options} value={security.soc2} onChange={setFact('soc2')} />
            <SelectField label="Single sign-on" options={ssoOptions} value={security.sso} onChange={setFact('sso')} />
            <SelectField label="Multi-factor sign-in" options={flagOptions} value={security.mfa} onChange={setFact('mfa')} />
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
