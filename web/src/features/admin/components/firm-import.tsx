import { useId, useRef, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { getErrorMessage } from '@/lib/api-client';
import type { ImportedFirm } from '@/lib/api/types';
import type { UploadProgress } from '@/lib/upload';

import { MAX_ARCHIVE_BYTES, useImportFirm } from '../api/import-firm';

import { FirmImportResult } from './firm-import-result';
import { FileField } from './file-field';
import { UploadStatus } from './upload-status';

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

  return (
    <div className="space-y-5">
      <form onSubmit={submit} className="space-y-4" aria-busy={pending}>
        <p id={aboutId} className="text-sm text-slate-600">
          Loads a firm’s archive from another Litstack install as a new firm. Its people have no password here: you give an owner a reset
          link, and the owner gives the others theirs.
        </p>
        <FileField
          id={inputId}
          label="Firm archive (.zip)"
          accept=".zip,application/zip"
          file={file}
          disabled={pending}
          inputRef={inputRef}
          onChoose={choose}
          describedBy={aboutId}
        />
        <Button type="submit" disabled={pending}>
          <Icon name="import" className="h-4 w-4" />
          {pending ? 'Importing…' : 'Import firm'}
        </Button>
        {pending && progress ? <UploadStatus progress={progress} afterUpload="Upload complete. Loading the firm…" /> : null}
        {failure ? <Alert>{failure}</Alert> : null}
      </form>
      {imported ? <FirmImportResult firm={imported} /> : null}
    </div>
  );
}
