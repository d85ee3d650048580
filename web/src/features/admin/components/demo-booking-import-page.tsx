import { PageHeader } from '@/components/ui/page-header';

export function DemoBookingImportPage() {
  return <PageHeader title="Demo Booking Import" />;
}
