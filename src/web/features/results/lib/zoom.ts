import type { MarkerPoint } from '../../../shared/lib/resultSeries';

/** The full chart's window over a series: the indexes of its first and last point. */
export interface ZoomWindow {
  start: number;
  end: number;
}

export const wholeSeries = (points: readonly MarkerPoint[]): ZoomWindow => ({
  start: 0,
  end: Math.max(0, points.length - 1),
});

/** Whether the window shows less than the whole series (then "Reset zoom" means something). */
export const isZoomed = (points: readonly MarkerPoint[], window: ZoomWindow) =>
  window.start > 0 || window.end < points.length - 1;

/**
 * The window in words, for the live region beside the chart: what a zoom changed, said
 * without looking at the picture.
 */
export function describeWindow(
  points: readonly MarkerPoint[],
  window: ZoomWindow,
  format: (t: number) => string,
): string {
  const first = points[window.start];
  const last = points[window.end];
  if (!first || !last) return 'No values.';
  const shown = window.end - window.start + 1;
  const of = shown === points.length ? `all ${points.length}` : `${shown} of ${points.length}`;
  return `Showing ${of} values, ${format(first.t)} to ${format(last.t)}.`;
}

/** Zoom in by half, keeping the newest values: the recent past is what a clinician asks about. */
export function zoomIn(window: ZoomWindow): ZoomWindow {
  const shown = window.end - window.start + 1;
  if (shown <= 1) return window;
  return { start: window.start + Math.max(1, Math.floor(shown / 2)), end: window.end };
}

/** Zoom out: twice as many values, reaching further back (and forward once at the oldest). */
export function zoomOut(points: readonly MarkerPoint[], window: ZoomWindow): ZoomWindow {
  const shown = window.end - window.start + 1;
  const start = Math.max(0, window.start - shown);
  const extra = shown - (window.start - start);
  return { start, end: Math.min(points.length - 1, window.end + Math.max(0, extra)) };
}
