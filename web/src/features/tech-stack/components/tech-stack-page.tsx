import { PageHeader } from '@/components/ui/page-header';

export function TechStackPage() {
  return <PageHeader title="Tech Stack" />;
}
