import { Spinner } from '@/components/ui/spinner';
import type { UploadProgress } from '@/lib/upload';

import { formatBytes } from '../format-bytes';

/**
 * An upload under way: a progress bar with the bytes sent while the file goes up, then a spinner
 * saying what the server does with it (`afterUpload`) until it answers.
 */
export function UploadStatus({ progress, afterUpload }: { progress: UploadProgress; afterUpload: string }) {
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  if (progress.total > 0 && progress.loaded >= progress.total) {
    return <Spinner size="sm" label={afterUpload} />;
  }
  return (
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
  );
}
