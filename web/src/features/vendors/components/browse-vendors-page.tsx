import { PageHeader } from '@/components/ui/page-header';

export function BrowseVendorsPage() {
  return <PageHeader title="Browse Vendors" />;
}
