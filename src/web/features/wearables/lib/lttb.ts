/**
 * Largest-Triangle-Three-Buckets downsampling (Sveinn Steinarsson, "Downsampling Time Series for
 * Visual Representation", MSc thesis, University of Iceland, 2013).
 *
 * The first and last points are kept; the points between are split into `threshold - 2` buckets
 * and from each bucket the point forming the largest triangle with the previously kept point and
 * the average of the next bucket is kept. On top of the algorithm, the global minimum and maximum
 * are always kept (inserted in x order if LTTB dropped them), so a spike or a trough never
 * disappears from a chart: the output holds at most `threshold + 2` points.
 *
 * Works over typed arrays with no allocation per point: only the output arrays are allocated.
 * Input: x (epoch ms) non-decreasing, same length as y, no NaN.
 */

export type NumericArray = Float64Array | Float32Array;

export interface Downsampled {
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Positions in the input of the kept points, increasing. */
  readonly indices: Uint32Array;
}

/** The smallest useful threshold: the first and the last point. */
const MIN_THRESHOLD = 2;

function effectiveThreshold(threshold: number): number {
  if (Number.isNaN(threshold)) return MIN_THRESHOLD;
  return Math.max(MIN_THRESHOLD, Math.floor(threshold));
}

/**
 * Indices of the points to keep, increasing. When `threshold >= x.length` every index is returned.
 * A threshold below 2 (or NaN) counts as 2.
 */
export function lttbIndices(x: NumericArray, y: NumericArray, threshold: number): Uint32Array {
  const n = x.length;
  if (y.length !== n) {
    throw new RangeError(`x and y differ in length (${n} and ${y.length})`);
  }
  const t = effectiveThreshold(threshold);
  if (t >= n) {
    const all = new Uint32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    return all;
  }

  // n > t >= 2 from here, so n >= 3.
  const out = new Uint32Array(t + 2);
  let k = 0;
  out[k++] = 0;

  // Global extremes (first occurrence), found in the same pass as nothing else needs them.
  let minIndex = 0;
  let maxIndex = 0;
  let minY = y[0] as number;
  let maxY = minY;
  for (let i = 1; i < n; i++) {
    const v = y[i] as number;
    if (v < minY) {
      minY = v;
      minIndex = i;
    } else if (v > maxY) {
      maxY = v;
      maxIndex = i;
    }
  }

  const buckets = t - 2;
  if (buckets > 0) {
    const every = (n - 2) / buckets;
    let a = 0; // the previously kept point
    for (let b = 0; b < buckets; b++) {
      // The average of the next bucket (for the last bucket: the last point).
      let avgX = 0;
      let avgY = 0;
      const nextStart = Math.floor((b + 1) * every) + 1;
      const nextEnd = b + 1 < buckets ? Math.floor((b + 2) * every) + 1 : n;
      const nextLength = nextEnd - nextStart;
      for (let j = nextStart; j < nextEnd; j++) {
        avgX += x[j] as number;
        avgY += y[j] as number;
      }
      avgX /= nextLength;
      avgY /= nextLength;

      // The point of this bucket forming the largest triangle with `a` and the average.
      const start = Math.floor(b * every) + 1;
      const end = Math.floor((b + 1) * every) + 1;
      const ax = x[a] as number;
      const ay = y[a] as number;
      const dxAvg = ax - avgX;
      const dyAvg = avgY - ay;
      let maxArea = -1;
      let chosen = start;
      for (let j = start; j < end; j++) {
        // Twice the triangle's area; the factor does not change which point wins.
        const area = Math.abs(dxAvg * ((y[j] as number) - ay) - (ax - (x[j] as number)) * dyAvg);
        if (area > maxArea) {
          maxArea = area;
          chosen = j;
        }
      }
      out[k++] = chosen;
      a = chosen;
    }
  }
  out[k++] = n - 1;

  k = insertIfAbsent(out, k, y, minIndex, minY);
  k = insertIfAbsent(out, k, y, maxIndex, maxY);
  return out.slice(0, k);
}

/**
 * Inserts `index` into the sorted `out[0..k)` unless a kept point already has the same y value
 * (an equal extreme elsewhere shows the same on the chart). Returns the new length.
 */
function insertIfAbsent(
  out: Uint32Array,
  k: number,
  y: NumericArray,
  index: number,
  value: number,
): number {
  let position = k;
  for (let i = 0; i < k; i++) {
    const kept = out[i] as number;
    if (kept === index || y[kept] === value) return k;
    if (position === k && kept > index) position = i;
  }
  out.copyWithin(position + 1, position, k);
  out[position] = index;
  return k + 1;
}

/** Downsamples to at most `threshold` points (plus up to 2 for the global extremes). */
export function lttb(x: NumericArray, y: NumericArray, threshold: number): Downsampled {
  const indices = lttbIndices(x, y, threshold);
  const m = indices.length;
  const outX = new Float64Array(m);
  const outY = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const j = indices[i] as number;
    outX[i] = x[j] as number;
    outY[i] = y[j] as number;
  }
  return { x: outX, y: outY, indices };
}
