import { useId, useRef, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import type { ImportedFirm } from '@/lib/api/types';
import type { UploadProgress } from '@/lib/upload';

import { MAX_ARCHIVE_BYTES, useImportFirm } from '../api/import-firm';

import { FirmImportResult } from './firm-import-result';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The operator loads a firm's archive (the Firm page's export, or `litstack firms export`) from
 * another install as a new firm of this one. The server checks everything; its refusal (not an
 * archive, damaged, newer than this install, a vendor this catalog lacks, an email taken here)
 * is shown beside the form as it is, and what the import did is shown from its answer.
 */
export function FirmImport() {
  const inputId = useId();
  const aboutId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [imported, setImported] = useState<ImportedFirm | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const importFirm = useImportFirm({ onProgress: setProgress });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (importFirm.isPending) return;
    if (!file) {
      setFailure('Choose the firm’s archive (a .zip file) first.');
      inputRef.current?.focus();
      return;
    }
    // The server would refuse it too, but only after the whole file was sent.
    if (file.size > MAX_ARCHIVE_BYTES) {
      setFailure(`The archive is larger than ${MAX_ARCHIVE_BYTES / (1024 * 1024)} MB, the most an import takes`);
      return;
    }
    setFailure(null);
    setImported(null);
    setProgress({ loaded: 0, total: file.size });
    importFirm.mutate(file, {
      onSuccess: (answer) => {
        setImported(answer);
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (error) => setFailure(getErrorMessage(error, 'The firm could not be imported. Please try again.')),
      onSettled: () => setProgress(null),
    });
  };

  const pending = importFirm.isPending;
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const uploaded = progress !== null && progress.total > 0 && progress.loaded >= progress.total;

  return (
    <div className="space-y-5">
      <form onSubmit={submit} className="space-y-4" aria-busy={pending}>
        <p id={aboutId} className="text-sm text-slate-600">
          Loads a firm’s archive from another Litstack install as a new firm. Its people have no password here: you give an owner a reset
          link, and the owner gives the others theirs.
        </p>
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Firm archive (.zip)
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".zip,application/zip"
            aria-describedby={aboutId}
            disabled={pending}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="block w-full max-w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
          />
          {file ? (
            <p className="text-xs break-all text-slate-500">
              {file.name} · {formatBytes(file.size)}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={pending}>
          <Icon name="import" className="h-4 w-4" />
          {pending ? 'Importing…' : 'Import firm'}
        </Button>
        {pending && progress ? (
          uploaded ? (
            <Spinner size="sm" label="Upload complete. Loading the firm…" />
          ) : (
            <div className="space-y-1.5">
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
                Uploading: {formatBytes(progress.loaded)} of {formatBytes(progress.total)} ({percent}%)
              </p>
            </div>
          )
        ) : null}
        {failure ? <Alert>{failure}</Alert> : null}
      </form>
      {imported ? <FirmImportResult firm={imported} /> : null}
    </div>
  );
}
