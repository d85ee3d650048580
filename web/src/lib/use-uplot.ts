import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
    const plot = new uPlot(start.options(container.clientWidth), start.data, container);
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
