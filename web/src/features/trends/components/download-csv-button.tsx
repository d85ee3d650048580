import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { downloadFromApi } from '@/lib/download';

type DownloadCsvButtonProps = {
  /** The API's CSV address for exactly what the panel shows. */
  url: string;
  /** The file name when the server names none. */
  fallbackName: string;
  /** What the file holds, for screen readers: "Download CSV of Bookings by Category". */
  what: string;
  disabled?: boolean;
};

/** "Download CSV": fetches the panel's CSV from the API and saves it under the server's file name. */
export function DownloadCsvButton({ url, fallbackName, what, disabled }: DownloadCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFromApi(url, fallbackName);
    } catch (error) {
      toast({ title: 'Could not download the CSV', description: getErrorMessage(error, 'Try again in a moment.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={disabled || busy} aria-label={`Download CSV of ${what}`}>
      <Icon name="download" className="h-4 w-4" />
      {busy ? 'Downloading...' : 'Download CSV'}
    </Button>
  );
}
