import { PageHeader } from '@/components/ui/page-header';

export function PastRecommendationsPage() {
  return <PageHeader title="Past Recommendations" />;
}
