import { OUTBOUND_REL } from '@/lib/outbound';
import { formatDate, formatMonth } from '@/lib/format';

/**
 * "Nov 2026" from a YYYY-MM-DD day, or null for anything else. Read from the text, not through
 * `Date`, so a time zone west of UTC cannot turn 1 November into October.
 */
export function verifiedMonth(day: string | null | undefined): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day ?? '') ? formatMonth(day) : null;
}

/** The source address when it is a plain http(s) link, never a `javascript:` one. */
function webAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

type VerifiedOnProps = {
  verifiedOn?: string | null;
  sourceUrl?: string | null;
  /** The day the install's administrator imported the booking link without a page of its own. */
  bookingAddedOn?: string | null;
};

/**
 * "Verified {Mon YYYY}": when the vendor's facts were last checked, with a link to the page they
 * were checked against. A booking link the firm's administrator imported without a page reads
 * "Added by your administrator on {date}" instead: no public page vouches for it. Renders nothing
 * for a vendor that was never verified.
 */
export function VerifiedOn({ verifiedOn, sourceUrl, bookingAddedOn }: VerifiedOnProps) {
  if (bookingAddedOn && /^\d{4}-\d{2}-\d{2}$/.test(bookingAddedOn)) {
    return (
      <p
        className="text-xs text-slate-500"
        title="Your administrator imported this vendor's scheduling link; no public page was checked for it"
      >
        Added by your administrator on {formatDate(bookingAddedOn)}
      </p>
    );
  }
  const month = verifiedMonth(verifiedOn);
  if (!month) return null;
  const source = webAddress(sourceUrl);
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
      <span title={`Facts checked on ${formatDate(verifiedOn)}`}>Verified {month}</span>
      {source ? (
        <>
          <span aria-hidden="true">·</span>
          <a
            href={source}
            target="_blank"
            rel={OUTBOUND_REL}
            title={source}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Source
          </a>
        </>
      ) : null}
    </p>
  );
}
