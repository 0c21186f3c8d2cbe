import type { TimeWindow } from './chartData';

/*
 * The chart's view within what was asked for: the buttons beside the chart do what a drag
 * across it does, for keyboards too. Views never leave the asked range and keep at least an hour.
 */

const MIN_SPAN_MS = 3_600_000;

function clamp(from: number, span: number, within: TimeWindow): TimeWindow {
  const size = Math.min(Math.max(span, MIN_SPAN_MS), within.to - within.from);
  const start = Math.min(Math.max(from, within.from), within.to - size);
  return { from: start, to: start + size };
}

/** The middle half of the view. */
export const zoomIn = (view: TimeWindow, within: TimeWindow): TimeWindow =>
  clamp(view.from + (view.to - view.from) / 4, (view.to - view.from) / 2, within);

/** Twice the view around its middle. */
export const zoomOut = (view: TimeWindow, within: TimeWindow): TimeWindow =>
  clamp(view.from - (view.to - view.from) / 2, (view.to - view.from) * 2, within);

/** Half a view earlier (`direction` -1) or later (1). */
export const pan = (view: TimeWindow, within: TimeWindow, direction: -1 | 1): TimeWindow =>
  clamp(view.from + (direction * (view.to - view.from)) / 2, view.to - view.from, within);

/** A dragged stretch, kept to the asked range and at least an hour. */
export const zoomTo = (picked: TimeWindow, within: TimeWindow): TimeWindow =>
  clamp(picked.from, picked.to - picked.from, within);
