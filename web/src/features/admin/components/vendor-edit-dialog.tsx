import { useState } from 'react';

import type { Vendor } from '@/lib/api/types';

import { VendorDeleteConfirm } from './vendor-delete-confirm';
import { VendorEditForm } from './vendor-edit-form';
import { VendorMergeForm } from './vendor-merge-form';

type VendorEditDialogProps = {
  vendor: Vendor;
  onClose: () => void;
};

/**
 * "Edit {vendor}": partner level and star, active, booking and logo links; from there, Delete
 * (confirmed) and "Merge into…" (choose the vendor, confirm). Mounted while open.
 */
export function VendorEditDialog({ vendor, onClose }: VendorEditDialogProps) {
  const [mode, setMode] = useState<'edit' | 'delete' | 'merge'>('edit');
  if (mode === 'delete') return <VendorDeleteConfirm vendor={vendor} onBack={() => setMode('edit')} onDone={onClose} />;
  if (mode === 'merge') return <VendorMergeForm vendor={vendor} onBack={() => setMode('edit')} onDone={onClose} />;
  return <VendorEditForm vendor={vendor} onClose={onClose} onDelete={() => setMode('delete')} onMerge={() => setMode('merge')} />;
}
