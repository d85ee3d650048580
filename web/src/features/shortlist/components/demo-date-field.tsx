import { useState } from 'react';

import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import type { ShortlistEntry } from '@/lib/api/types';
import { useShortlistMutations } from '@/lib/shortlist';

/**
 * The day of a booked demo: saved as it is picked (an empty field clears it). The day after it,
 * whoever set it is asked how the demo went.
 */
export function DemoDateField({ entry }: { entry: ShortlistEntry }) {
  const { put } = useShortlistMutations();
  const [value, setValue] = useState(entry.demoDate ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = (demoDate: string) => {
    setValue(demoDate);
    if (demoDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(demoDate)) return;
    put.mutate(
      { vendorId: entry.vendorId, change: { status: 'Demo booked', demoDate } },
      {
        onSuccess: () => setError(undefined),
        onError: (e) => setError(getErrorMessage(e, 'The demo date could not be saved')),
      },
    );
  };
  return (
    <TextField
      type="date"
      label={`Demo date with ${entry.vendorName}`}
      hint="The day after, you are asked how it went."
      value={value}
      error={error}
      disabled={put.isPending}
      onChange={(e) => save(e.target.value)}
    />
  );
}
