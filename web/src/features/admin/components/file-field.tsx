import type { Ref } from 'react';

import { formatBytes } from '../format-bytes';

type FileFieldProps = {
  id: string;
  label: string;
  /** The file types the picker offers, as the input's `accept`. */
  accept: string;
  file: File | null;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | null) => void;
  /** The id of a text that says what the file is for. */
  describedBy?: string;
};

/** A labelled file picker for an upload, with the chosen file's name and size under it. */
export function FileField({ id, label, accept, file, disabled, inputRef, onChoose, describedBy }: FileFieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        className="block w-full max-w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
      />
      {file ? (
        <p className="text-xs break-all text-slate-500">
          {file.name} · {formatBytes(file.size)}
        </p>
      ) : null}
    </div>
  );
}
