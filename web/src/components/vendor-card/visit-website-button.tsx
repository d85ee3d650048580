import { OutboundLink } from '@/components/outbound-link';
import { Button, buttonClasses, type ButtonSize } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { SourcePage } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { meetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';

type VisitWebsiteButtonProps = {
  vendorId: number;
  vendorName: string;
  websiteUrl: string | null | undefined;
  /** The vendor's booking link: without a usable one, Visit Website is the card's main action. */
  bookingUrl: string | null | undefined;
  /** The screen, as the click records it. */
  sourcePage: SourcePage;
  /** Said after "Visit Website" to a screen reader only, where several vendors sit side by side (" of Clio"). */
  srSuffix?: string;
  size?: ButtonSize;
  className?: string;
};

/**
 * "Visit Website": the vendor's site in a new tab (a link, so it opens whatever happens next).
 * Without a booking link it is the card's main action, in the primary style Schedule Meeting has
 * otherwise (for a viewer too, who has no Schedule Meeting); with one it is the secondary action.
 * The toast says what opened, and for a member who may write the click is recorded as a website
 * click, which changes no status. Disabled without a website.
 */
export function VisitWebsiteButton({
  vendorId,
  vendorName,
  websiteUrl,
  bookingUrl,
  sourcePage,
  srSuffix,
  size = 'sm',
  className,
}: VisitWebsiteButtonProps) {
  const { canWrite } = useFirmAccess();
  const click = useRecordMeetingClick();
  const variant = meetingTarget(bookingUrl) ? 'outline' : 'default';
  const onClick = () => {
    toast({ title: `Opening ${vendorName}'s website` });
    if (canWrite) click.mutate({ vendorId, sourcePage, kind: 'WEBSITE' });
  };
  const label = <>Visit Website{srSuffix ? <span className="sr-only">{srSuffix}</span> : null}</>;
  return (
    <OutboundLink
      href={websiteUrl}
      onClick={onClick}
      className={cn(buttonClasses({ variant, size }), className)}
      fallback={
        <Button variant={variant} size={size} disabled className={className}>
          {label}
        </Button>
      }
    >
      {label}
    </OutboundLink>
  );
}
