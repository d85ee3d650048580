import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * The `performance.mark` a chart sets each time it has drawn its canvas: a canvas draw changes no
 * DOM, so the interaction benchmark (e2e/interactions.bench.e2e.ts) reads this to know when a
 * chart has settled.
 */
export const CHART_DRAWN_MARK = 'litstack:chart-drawn';

/** Only the latest draw is kept: the marks do not pile up over a long session. */
function markDrawn() {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(CHART_DRAWN_MARK);
  performance.mark(CHART_DRAWN_MARK);
}

/** The options with the drawn mark added to their own `draw` hooks. */
function withDrawnMark(options: uPlot.Options): uPlot.Options {
  return { ...options, hooks: { ...options.hooks, draw: [...(options.hooks?.draw ?? []), markDrawn] } };
}

/**
 * A uPlot chart in the returned container: created with `options(width)`, fed new data with
 * `setData`, and kept as wide as its box by a ResizeObserver (at `height`). The plot is made again
 * only when `shape` changes (other series, other scales): new data alone keeps the plot.
 */
export function useUplot(options: (width: number) => uPlot.Options, data: uPlot.AlignedData, height: number, shape = '') {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // The plot is made once per shape; what it starts with is whatever the data is at that moment.
  const latest = useRef({ options, data, height });
  latest.current = { options, data, height };

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = latest.current;
    const plot = new uPlot(withDrawnMark(start.options(container.clientWidth)), start.data, container);
    plotRef.current = plot;
    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (width > 0 && width !== plot.width) plot.setSize({ width, height: latest.current.height });
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [shape]);

  useEffect(() => {
    plotRef.current?.setData(data);
  }, [data]);

  return containerRef;
}
