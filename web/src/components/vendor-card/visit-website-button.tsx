import { OutboundLink } from '@/components/outbound-link';
import { Button, buttonClasses, type ButtonSize } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { SourcePage } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useRecordMeetingClick } from '@/lib/meeting-clicks';

type VisitWebsiteButtonProps = {
  vendorId: number;
  vendorName: string;
  websiteUrl: string | null | undefined;
  /** The screen, as the click records it. */
  sourcePage: SourcePage;
  size?: ButtonSize;
  className?: string;
};

/**
 * "Visit Website": the vendor's site in a new tab (a link, so it opens whatever happens next).
 * The toast says what opened, and for a member who may write the click is recorded as a website
 * click, which changes no status. Disabled without a website.
 */
export function VisitWebsiteButton({ vendorId, vendorName, websiteUrl, sourcePage, size = 'sm', className }: VisitWebsiteButtonProps) {
  const { canWrite } = useFirmAccess();
  const click = useRecordMeetingClick();
  const onClick = () => {
    toast({ title: `Opening ${vendorName}'s website` });
    if (canWrite) click.mutate({ vendorId, sourcePage, kind: 'WEBSITE' });
  };
  return (
    <OutboundLink
      href={websiteUrl}
      onClick={onClick}
      className={cn(buttonClasses({ variant: 'outline', size }), className)}
      fallback={
        <Button variant="outline" size={size} disabled className={className}>
          Visit Website
        </Button>
      }
    >
      Visit Website
    </OutboundLink>
  );
}
