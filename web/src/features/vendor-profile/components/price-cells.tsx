import type { PriceFigure } from '@/lib/api/types';
import { formatShown } from '@/lib/format';

import { priceText } from '../format';

/** "Fewer than 5 firms shared" / "Not shown until the next monthly update", as the server says it. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A row's cells of "What firms pay": the median, the middle half and the firms, or why none is
 * shown. A band the server withholds (fewer than 7 firms on a side) reads "Not shown"; the section
 * says why below the table.
 */
export function PriceCells({ figure }: { figure: PriceFigure }) {
  const price = priceText(figure);
  if (!price) {
    return (
      <td colSpan={3} className="px-3 py-2 text-slate-600">
        {sentence(figure.text)}
      </td>
    );
  }
  const band = (text: string | null, className: string) => (
    <td className={`px-3 py-2 tabular-nums ${text ? className : 'text-slate-500'}`}>{text ?? 'Not shown'}</td>
  );
  return (
    <>
      {band(price.median, 'font-medium text-slate-900')}
      {band(price.middle, 'text-slate-700')}
      <td className="px-3 py-2 text-slate-700 tabular-nums">{formatShown(figure.firms)}</td>
    </>
  );
}
