import { useEffect, useId, useRef } from 'react';

import type { ImportedFirm } from '@/lib/api/types';
import { countOf, formatCount } from '@/lib/format';

import { ImportedPeople } from './imported-people';

/**
 * What an import did, as the server answered it: the new firm, its members, the rows written to
 * each table, the archive's tables this install does not take (with why) and the server's notes.
 * Its heading takes the focus when it appears, so a screen reader reads on from there.
 */
export function FirmImportResult({ firm }: { firm: ImportedFirm }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [firm]);
  const rows = firm.tables.reduce((sum, table) => sum + table.rows, 0);
  // The tables the firm had nothing in take one line, not one each.
  const written = firm.tables.filter((table) => table.rows > 0);
  const empty = firm.tables.filter((table) => table.rows === 0);

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold break-words text-slate-900 focus:outline-none">
        Imported {firm.name}
      </h3>
      <dl className="grid max-w-md grid-cols-2 gap-3">
        <div className="rounded-lg bg-white p-3 ring-1 ring-slate-900/5">
          <dt className="text-xs font-medium text-slate-600">Firm id</dt>
          <dd className="mt-1 font-semibold text-slate-900 tabular-nums">{firm.firmId}</dd>
        </div>
        <div className="rounded-lg bg-white p-3 ring-1 ring-slate-900/5">
          <dt className="text-xs font-medium text-slate-600">Members</dt>
          <dd className="mt-1 font-semibold text-slate-900 tabular-nums">{formatCount(firm.members)}</dd>
        </div>
      </dl>

      {firm.people.length > 0 ? <ImportedPeople people={firm.people} /> : null}

      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">
          Rows written: {countOf(rows, 'row')} in {countOf(firm.tables.length, 'table')}
        </h4>
        {written.length > 0 ? (
          <ul className="gap-x-6 text-sm sm:columns-2 lg:columns-3">
            {written.map((table) => (
              <li key={table.table} className="flex break-inside-avoid justify-between gap-3 border-b border-emerald-100 py-1">
                <span className="min-w-0 font-mono text-xs leading-5 break-all text-slate-700">{table.table}</span>
                <span className="shrink-0 text-slate-900 tabular-nums">{countOf(table.rows, 'row')}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {empty.length > 0 ? (
          <p className="mt-2 text-sm break-words text-slate-700">No rows in {empty.map((table) => table.table).join(', ')}.</p>
        ) : null}
      </div>

      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Not taken from the archive</h4>
        {firm.leftOut.length > 0 ? (
          <ul className="space-y-1 text-sm text-slate-700">
            {firm.leftOut.map((left) => (
              <li key={left.table} className="break-words">
                <span className="font-mono text-xs text-slate-900">{left.table}</span>: {left.why}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">Every table of the archive was taken.</p>
        )}
      </div>

      {firm.notes.length > 0 ? (
        <div>
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Notes</h4>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {firm.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
