import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/use-toast';
import { canvasToPngBlob, framedChartCanvas, saveBlob } from '@/lib/download';

type DownloadPngButtonProps = {
  /** The chart drawn on a canvas at the moment of the click (uPlot's own, or one drawn for it). */
  canvas: () => HTMLCanvasElement | null;
  fileName: string;
  /** The title and notes written above the chart in the image. */
  title: string;
  notes?: string[];
  /** The chart counts generated sample bookings: the image says "Sample data". */
  sample?: boolean;
  what: string;
  disabled?: boolean;
};

/** "Download PNG": the chart's canvas on white under its title (and "Sample data"), saved as a PNG. */
export function DownloadPngButton({ canvas, fileName, title, notes, sample, what, disabled }: DownloadPngButtonProps) {
  const download = async () => {
    try {
      const source = canvas();
      if (!source) throw new Error('The chart is not drawn yet.');
      saveBlob(await canvasToPngBlob(framedChartCanvas(source, title, notes, { sample })), fileName);
    } catch (error) {
      toast({
        title: 'Could not download the image',
        description: error instanceof Error ? error.message : 'Try again in a moment.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={disabled} aria-label={`Download PNG of ${what}`}>
      <Icon name="download" className="h-4 w-4" />
      Download PNG
    </Button>
  );
}
