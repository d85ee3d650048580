import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import type { SizeRef } from './get-vendor-profile';

/** A count as the server lets it be shown: `value` is null for "fewer than 5". */
export type ShownCount = { value: number | null; text: string };

export type VendorEvidence = {
  vendorId: number;
  hasRealBookings: boolean;
  /** Oldest first; neighbouring months with few bookings come as one group (from..to). */
  months: Array<{ from: string; to: string; count: ShownCount }>;
  total: ShownCount;
  bySize: Array<{ sizes: SizeRef[]; count: ShownCount }>;
  /** `withheld`: beside the 24-month figure for the size it would reveal a count under 5. */
  recentForYourSize: { size: SizeRef; days: number; count: ShownCount; withheld: boolean } | null;
  peerAdoption: { size: SizeRef; firms: ShownCount; text: string } | null;
};

/** GET /api/vendors/{id}/evidence: real demo bookings and peer adoption, small counts hidden. */
export function getVendorEvidence(id: string, signal?: AbortSignal): Promise<VendorEvidence> {
  return api.get(`/api/vendors/${encodeURIComponent(id)}/evidence`, { signal });
}

export const vendorEvidenceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.vendors, 'evidence', id] as const, queryFn: ({ signal }) => getVendorEvidence(id, signal) });

export function useVendorEvidence(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorEvidenceQueryOptions(id), enabled });
}
