import { PageHeader } from '@/components/ui/page-header';

export function TrendsPage() {
  return <PageHeader title="Demo Booking Trends" />;
}
