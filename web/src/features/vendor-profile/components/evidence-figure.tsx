/** One figure of the evidence, with its note. */
export function EvidenceFigure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}
