import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { ImportReport } from '@/lib/api/types';
import { useUser } from '@/lib/auth';
import { countOf } from '@/lib/format';
import type { UploadProgress } from '@/lib/upload';

import { useImportCsv } from '../api/import-demo-bookings';

import { AdminAccessRequired } from './admin-access-required';
import { AdminSection } from './admin-section';
import { CsvFormatRequirements } from './csv-format-requirements';
import { ImportResults } from './import-results';

const isCsvName = (name: string) => name.toLowerCase().endsWith('.csv');

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function successMessage(report: ImportReport): string {
  const [one, many] = report.kind === 'vendors' ? ['vendor', 'vendors'] : ['booking', 'bookings'];
  return `Imported ${countOf(report.inserted, `new ${one}`, `new ${many}`)}, updated ${countOf(report.updated, `existing ${one}`, `existing ${many}`)}, skipped ${countOf(report.skipped, 'record')}.`;
}

/** A clean import is a success; one that left rows out says so, so nobody misses the errors. */
function resultToast(report: ImportReport) {
  if (report.rowErrors > 0) {
    toast({
      title: `Imported with ${countOf(report.rowErrors, 'row')} skipped`,
      description: `${successMessage(report)} The rows with errors are listed under Import Results.`,
      variant: 'warning',
    });
  } else {
    toast({ title: 'Import Successful', description: successMessage(report) });
  }
}

/** /admin/import for admins; everyone else is told it needs an admin. */
export function DemoBookingImportPage() {
  const user = useUser();
  if (!user.data?.isAdmin) {
    return (
      <AdminAccessRequired title="Demo Booking Import">
        Only administrators can import demo bookings and vendors. Ask an administrator of this Litstack to import your file, or to make your
        account an admin.
      </AdminAccessRequired>
    );
  }
  return <ImportScreen />;
}

function ImportScreen() {
  useSignals();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const file = useSignal<File | null>(null);
  const progress = useSignal<UploadProgress | null>(null);
  const report = useSignal<ImportReport | null>(null);
  const failure = useSignal<string | null>(null);
  const importCsv = useImportCsv({ onProgress: (next) => (progress.value = next) });

  const clearFile = () => {
    file.value = null;
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (chosen: File | null) => {
    if (chosen && !isCsvName(chosen.name)) {
      toast({ title: 'Invalid File', description: 'Please select a valid CSV file.', variant: 'destructive' });
      clearFile();
      return;
    }
    file.value = chosen;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.value;
    if (!chosen) {
      toast({ title: 'No File Selected', description: 'Please select a CSV file to upload.', variant: 'destructive' });
      return;
    }
    if (!isCsvName(chosen.name)) {
      toast({ title: 'Invalid File', description: 'Please select a valid CSV file.', variant: 'destructive' });
      return;
    }
    progress.value = { loaded: 0, total: chosen.size };
    failure.value = null;
    importCsv.mutate(chosen, {
      onSuccess: (result) => {
        report.value = result;
        resultToast(result);
        clearFile();
      },
      onError: (error) => {
        const message = getErrorMessage(error, 'Import failed');
        failure.value = message;
        toast({ title: 'Import Failed', description: message, variant: 'destructive' });
      },
      onSettled: () => (progress.value = null),
    });
  };

  const pending = importCsv.isPending;
  const up = progress.value;
  const percent = up && up.total > 0 ? Math.min(100, Math.round((up.loaded / up.total) * 100)) : 0;
  const uploaded = up !== null && up.total > 0 && up.loaded >= up.total;

  return (
    <>
      <PageHeader
        title="Demo Booking Import"
        description="Import demo bookings, or vendor rows, from a CSV file. The dashboard and the vendor directory show the new data right after."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <AdminSection title="Upload a CSV file">
            <form onSubmit={submit} className="space-y-4" aria-busy={pending}>
              <div className="space-y-1.5">
                <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
                  CSV file
                </label>
                <input
                  ref={inputRef}
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={pending}
                  onChange={(event) => choose(event.target.files?.[0] ?? null)}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
                />
                {file.value ? (
                  <p className="text-xs text-slate-500">
                    {file.value.name} · {formatBytes(file.value.size)}
                  </p>
                ) : null}
              </div>
              <Button type="submit" disabled={pending}>
                <Icon name="import" className="h-4 w-4" />
                {pending ? 'Importing...' : 'Import Demo Bookings'}
              </Button>
              {pending && up ? (
                <div className="space-y-1.5">
                  {uploaded ? (
                    <Spinner size="sm" label="Upload complete. Importing the rows..." />
                  ) : (
                    <>
                      <div
                        role="progressbar"
                        aria-label="Upload progress"
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={percent}
                        className="h-2 overflow-hidden rounded-full bg-slate-200"
                      >
                        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
                      </div>
                      <p className="text-xs text-slate-600">
                        Uploading: {formatBytes(up.loaded)} of {formatBytes(up.total)} ({percent}%)
                      </p>
                    </>
                  )}
                </div>
              ) : null}
            </form>
          </AdminSection>
          <AdminSection title="Import Results">
            <div aria-live="polite">
              {failure.value ? (
                <Alert>{failure.value}</Alert>
              ) : report.value ? (
                <ImportResults report={report.value} />
              ) : (
                <p className="text-sm text-slate-500">No import yet. The counts and any row errors show here after an import.</p>
              )}
            </div>
          </AdminSection>
        </div>
        <AdminSection title="CSV Format Requirements">
          <CsvFormatRequirements />
        </AdminSection>
      </div>
    </>
  );
}
