import { Suspense, lazy, useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { ModalDialog } from '../../../shared/ui/Dialog';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Tabs } from '../../../shared/ui/Tabs';
import type { MarkerSeries } from '../../../shared/lib/resultSeries';
import {
  describeWindow,
  isZoomed,
  wholeSeries,
  zoomIn,
  zoomOut,
  type ZoomWindow,
} from '../lib/zoom';
import { TrendTable } from './TrendTable';

const TrendChart = lazy(() => import('./TrendChart'));

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * One marker at full size. The brush under the chart zooms: drag its handles, or focus one
 * and use the arrow keys; "Reset zoom" shows every value again. What is shown is said in
 * words beside it, and the table stays one tab away.
 */
export function FullTrendDialog({
  series,
  reference,
  isOpen,
  onOpenChange,
}: {
  series: MarkerSeries;
  reference: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [view, setView] = useState<ZoomWindow>(() => wholeSeries(series.points));
  const zoomed = isZoomed(series.points, view);
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={`${series.name} over time`}
      size="wide"
      className="trend-dialog"
    >
      <p className="muted">Reference {reference}</p>
      <Tabs
        label={`${series.name}: full chart or table`}
        items={[
          {
            id: 'chart',
            label: 'Chart',
            content: (
              <>
                <figure
                  className="trend-chart trend-chart--full"
                  aria-label={`${series.name} chart`}
                >
                  <Suspense
                    fallback={<Skeleton lines={6} label={`Loading the ${series.name} chart …`} />}
                  >
                    <TrendChart
                      series={series}
                      height={360}
                      zoom={{
                        ...view,
                        onChange: (start, end) => setView({ start, end }),
                      }}
                    />
                  </Suspense>
                  <figcaption className="muted">
                    Zoom with the buttons below, or drag the handles under the chart (or focus one
                    and press the arrow keys).
                  </figcaption>
                </figure>
                <div className="trend-zoom">
                  <p role="status" className="trend-zoom__window">
                    {describeWindow(series.points, view, (t) => dayFormat.format(t))}
                  </p>
                  <span className="trend-zoom__buttons">
                    <Button
                      variant="secondary"
                      size="small"
                      isDisabled={view.start === view.end}
                      onPress={() => setView(zoomIn(view))}
                    >
                      Zoom in
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      isDisabled={!zoomed}
                      onPress={() => setView(zoomOut(series.points, view))}
                    >
                      Zoom out
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      isDisabled={!zoomed}
                      onPress={() => setView(wholeSeries(series.points))}
                    >
                      Reset zoom
                    </Button>
                  </span>
                </div>
              </>
            ),
          },
          { id: 'table', label: 'Table', content: <TrendTable series={series} /> },
        ]}
      />
      <p className="actions">
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Close
        </Button>
      </p>
    </ModalDialog>
  );
}
