/** A list of CSV columns, each with what it holds. */
export function CsvColumnList({ columns }: { columns: Array<[string, string]> }) {
  return (
    <dl className="space-y-2 text-sm">
      {columns.map(([name, text]) => (
        <div key={name}>
          <dt className="font-mono text-xs font-semibold text-slate-800">{name}</dt>
          <dd className="text-slate-600">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
