import { useId, useRef, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { ImportReport } from '@/lib/api/types';
import { countOf } from '@/lib/format';
import type { UploadProgress } from '@/lib/upload';

import { useImportCsv } from '../api/import-demo-bookings';

import { AdminSection } from './admin-section';
import { CsvFormatRequirements } from './csv-format-requirements';
import { ImportResults } from './import-results';
import { FileField } from './file-field';
import { UploadStatus } from './upload-status';

const isCsvName = (name: string) => name.toLowerCase().endsWith('.csv');

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

/** The import form (a CSV file, its upload progress), the results of the last import and the CSV format. */
export function DemoBookingImportScreen() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const importCsv = useImportCsv({ onProgress: setProgress });

  const clearFile = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (chosen: File | null) => {
    if (chosen && !isCsvName(chosen.name)) {
      toast({ title: 'Invalid File', description: 'Please select a valid CSV file.', variant: 'destructive' });
      clearFile();
      return;
    }
    setFile(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast({ title: 'No File Selected', description: 'Please select a CSV file to upload.', variant: 'destructive' });
      return;
    }
    if (!isCsvName(file.name)) {
      toast({ title: 'Invalid File', description: 'Please select a valid CSV file.', variant: 'destructive' });
      return;
    }
    setProgress({ loaded: 0, total: file.size });
    setFailure(null);
    importCsv.mutate(file, {
      onSuccess: (result) => {
        setReport(result);
        resultToast(result);
        clearFile();
      },
      onError: (error) => {
        const message = getErrorMessage(error, 'Import failed');
        setFailure(message);
        toast({ title: 'Import Failed', description: message, variant: 'destructive' });
      },
      onSettled: () => setProgress(null),
    });
  };

  const pending = importCsv.isPending;

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
              <FileField
                id={inputId}
                label="CSV file"
                accept=".csv,text/csv"
                file={file}
                disabled={pending}
                inputRef={inputRef}
                onChoose={choose}
              />
              <Button type="submit" disabled={pending}>
                <Icon name="import" className="h-4 w-4" />
                {pending ? 'Importing...' : 'Import Demo Bookings'}
              </Button>
              {pending && progress ? <UploadStatus progress={progress} afterUpload="Upload complete. Importing the rows..." /> : null}
            </form>
          </AdminSection>
          <AdminSection title="Import Results">
            <div aria-live="polite">
              {failure ? (
                <Alert>{failure}</Alert>
              ) : report ? (
                <ImportResults report={report} />
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
