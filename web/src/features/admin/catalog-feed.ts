import type { FeedSchedule, FeedStatus, FeedSubscriptionEdit } from '@/lib/api/types';
import { optionsOf } from '@/lib/options';

/** The shared catalog's part of Manage Vendors, its pure parts: fact labels, the form's checks, the PUT body. */

const factLabels: Record<string, string> = {
  name: 'Name',
  category: 'Category',
  active: 'Active',
  firmSizes: 'Firm sizes',
  practiceAreas: 'Practice areas',
  geoFocus: 'Region',
  tags: 'Tags',
  website: 'Website',
  bookingLink: 'Booking link',
  logo: 'Logo',
  description: 'Description',
  highlights: 'Highlights',
  integrations: 'Integrations',
  price: 'Price bracket',
  statedPrice: 'Stated price',
  pricingModel: 'Pricing model',
  soc2: 'SOC 2',
  iso27001: 'ISO 27001',
  hipaaBaa: 'Signs a BAA',
  sso: 'Single sign-on',
  mfa: 'Multi-factor sign-in',
  dataLocation: 'Data location',
  aiTraining: 'Trains AI on customer data',
  dataExport: 'Export on exit',
  trustPage: 'Trust page',
};

/** "Booking link" for `bookingLink`; a fact this screen does not know yet shows its own name. */
export const factLabel = (fact: string) => factLabels[fact] ?? fact;

/** "Pull automatically": every schedule the API has, in this order. */
export const SCHEDULE_OPTIONS = optionsOf<FeedSchedule>({ never: 'Never', daily: 'Daily', weekly: 'Weekly' });

export type FeedFormValues = { source: string; publicKey: string; schedule: FeedSchedule };

export function feedFormValuesOf(status: FeedStatus): FeedFormValues {
  return { source: status.source ?? '', publicKey: status.publicKey ?? '', schedule: status.schedule };
}

export type FeedFormErrors = Partial<Record<keyof FeedFormValues, string>>;

// The server reads the prefix as written and the digits in either case.
const PUBLIC_KEY = /^ed25519:[0-9a-fA-F]{64}$/;
const SOURCE = /^(https?:\/\/\S|\/)/i;

/**
 * The checks the server makes too, said before the round trip. `followed`: a version was applied,
 * so the server already trusts the keys it named and a schedule needs no key typed here.
 */
export function checkFeedForm(values: FeedFormValues, followed: boolean): FeedFormErrors {
  const errors: FeedFormErrors = {};
  const source = values.source.trim();
  const key = values.publicKey.trim();
  if (source && !SOURCE.test(source)) {
    errors.source =
      'Give an address starting with https:// (http:// only for a host the install names in --fetch-private-hosts), or the full path of a file in the data directory, starting with /';
  }
  if (key && !PUBLIC_KEY.test(key)) {
    errors.publicKey = 'The public key is “ed25519:” followed by 64 hexadecimal digits, as `litstack catalog keygen` prints it';
  }
  if (values.schedule !== 'never') {
    if (!source) errors.source ??= 'Pulling automatically needs the feed’s source';
    if (!key && !followed) errors.publicKey ??= 'Pulling automatically needs the publisher’s public key';
  }
  return errors;
}

/** The PUT body: an empty field is sent as null (none). */
export function feedSubscriptionEdit(values: FeedFormValues): FeedSubscriptionEdit {
  return { source: values.source.trim() || null, publicKey: values.publicKey.trim() || null, schedule: values.schedule };
}

/** A Unix time in seconds as the RFC 3339 text the date formatters read. */
export const fromUnixSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();
