import type { PriceFigure } from '@/lib/api/types';
import { formatShown } from '@/lib/format';

import { priceText } from '../format';

/** "Fewer than 5 firms shared" / "Not shown until the next daily update", as the server says it. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A row's cells of "What firms pay": the median, the middle half and the firms, or why not shown. */
export function PriceCells({ figure }: { figure: PriceFigure }) {
  const price = priceText(figure);
  if (!price) {
    return (
      <td colSpan={3} className="px-3 py-2 text-slate-600">
        {sentence(figure.text)}
      </td>
    );
  }
  return (
    <>
      <td className="px-3 py-2 font-medium text-slate-900 tabular-nums">{price.median}</td>
      <td className="px-3 py-2 text-slate-700 tabular-nums">{price.middle}</td>
      <td className="px-3 py-2 text-slate-700 tabular-nums">{formatShown(figure.firms)}</td>
    </>
  );
}
