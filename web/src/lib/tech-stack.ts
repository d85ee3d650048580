import { client, unwrap } from './api-client';
import type { TechStackSaveItem } from './api/types';

/**
 * Adds a vendor to the firm's tech stack as its category's primary tool, keeping the other tools
 * the firm uses there (the demo-outcome question offers it after "Did you choose it?" Yes). Only
 * that category is sent, so a colleague's answers elsewhere stand.
 */
export async function addAsPrimaryTool(categoryId: number, vendorId: number): Promise<void> {
  const { items } = await unwrap(client.GET('/api/profile/category-adoption'));
  const current = items.find((i) => i.category.id === categoryId);
  const listed = (current?.selectedVendors ?? []).map((s) => s.vendorId).filter((id) => id !== vendorId);
  const item: TechStackSaveItem = {
    categoryId,
    hasTool: true,
    selectedVendorIds: [vendorId, ...listed],
    primaryVendorId: vendorId,
    otherVendors: (current?.otherVendors ?? []).map((o) => o.name),
  };
  await unwrap(client.POST('/api/profile/category-adoption', { body: { items: [item] } }));
}
