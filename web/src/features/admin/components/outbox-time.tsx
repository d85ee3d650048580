import { formatDateTime } from '@/lib/format';

/** "{label} {time}" of an outbox message, or nothing when it has no such time. */
export function OutboxTime({ label, at }: { label: string; at: string | null | undefined }) {
  if (!at) return null;
  return (
    <span className="block">
      {label} <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}
