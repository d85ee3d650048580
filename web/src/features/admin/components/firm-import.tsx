import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, type FormEvent } from 'react';

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
  useSignals();
  const inputId = useId();
  const aboutId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const file = useSignal<File | null>(null);
  const progress = useSignal<UploadProgress | null>(null);
  const imported = useSignal<ImportedFirm | null>(null);
  const failure = useSignal<string | null>(null);
  const importFirm = useImportFirm({ onProgress: (next) => (progress.value = next) });

  const choose = (chosen: File | null) => {
    file.value = chosen;
    failure.value = null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (importFirm.isPending) return;
    const archive = file.value;
    if (!archive) {
      failure.value = 'Choose the firm’s archive (a .zip file) first.';
      inputRef.current?.focus();
      return;
    }
    // The server would refuse it too, but only after the whole file was sent.
    if (archive.size > MAX_ARCHIVE_BYTES) {
      failure.value = `The archive is larger than ${MAX_ARCHIVE_BYTES / (1024 * 1024)} MB, the most an import takes`;
      return;
    }
    failure.value = null;
    imported.value = null;
    progress.value = { loaded: 0, total: archive.size };
    importFirm.mutate(archive, {
      onSuccess: (answer) => {
        imported.value = answer;
        file.value = null;
        if (inputRef.current) inputRef.current.value = '';
      },
      onError: (error) => (failure.value = getErrorMessage(error, 'The firm could not be imported. Please try again.')),
      onSettled: () => (progress.value = null),
    });
  };

  const pending = importFirm.isPending;
  const up = progress.value;
  const percent = up && up.total > 0 ? Math.min(100, Math.round((up.loaded / up.total) * 100)) : 0;
  const uploaded = up !== null && up.total > 0 && up.loaded >= up.total;

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
          {file.value ? (
            <p className="text-xs break-all text-slate-500">
              {file.value.name} · {formatBytes(file.value.size)}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={pending}>
          <Icon name="import" className="h-4 w-4" />
          {pending ? 'Importing…' : 'Import firm'}
        </Button>
        {pending && up ? (
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
                Uploading: {formatBytes(up.loaded)} of {formatBytes(up.total)} ({percent}%)
              </p>
            </div>
          )
        ) : null}
        {failure.value ? <Alert>{failure.value}</Alert> : null}
      </form>
      {imported.value ? <FirmImportResult firm={imported.value} /> : null}
    </div>
  );
}
