import { PageHeader } from '@/components/ui/page-header';

export function GetRecommendationsPage() {
  return <PageHeader title="Get Recommendations" />;
}
