import { OUTBOUND_REL } from '@/lib/outbound';
import { pageAddress, pageHost } from '@/lib/vendor-facts';

/** The trust page as a plain link to the page (http(s) only); anything else stays text. */
export function TrustPageLink({ value, name }: { value: string; name: string }) {
  const address = pageAddress(value);
  if (!address) return <>{value}</>;
  return (
    <a
      href={address}
      target="_blank"
      rel={OUTBOUND_REL}
      title={address}
      className="font-medium break-all text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {pageHost(value)}
      <span className="sr-only"> ({name}’s trust page, opens in a new tab)</span>
    </a>
  );
}
