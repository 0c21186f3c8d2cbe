import { sampleAt, type Sample, type Stream } from '../seed/wearables';

/*
 * Pages of a grouped timeseries over generated streams. Pages walk the streams in order and
 * each stream slot by slot, so a cursor is just (stream index, slot): the next page starts
 * there without re-reading anything, and every sample appears on exactly one page.
 */

export interface TimeseriesPageQuery {
  /** Inclusive bounds, epoch ms. */
  from: number;
  to: number;
  /** A provider slug, or '' for all. */
  provider: string;
  cursor: TimeseriesCursor | null;
  pageSize: number;
}

export interface TimeseriesCursor {
  stream: number;
  slot: number;
}

export interface TimeseriesGroupOut {
  source: { provider: string; type: string };
  data: Sample[];
}

export interface TimeseriesPageOut {
  groups: Record<string, TimeseriesGroupOut[]>;
  next_cursor: string | null;
  next: string | null;
}

const CURSOR = /^ts1\.(\d{1,4})\.(-?\d{1,15})$/;

export function encodeCursor(cursor: TimeseriesCursor): string {
  return Buffer.from(`ts1.${cursor.stream}.${cursor.slot}`).toString('base64url');
}

/** The cursor a page handed out, or null when the text is not one. */
export function decodeCursor(text: string): TimeseriesCursor | null {
  const match = CURSOR.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!match) return null;
  return { stream: Number(match[1]), slot: Number(match[2]) };
}

export function timeseriesPage(
  streams: readonly Stream[],
  q: TimeseriesPageQuery,
): TimeseriesPageOut {
  const groups: Record<string, TimeseriesGroupOut[]> = {};
  const add = (stream: Stream, data: Sample[]) => {
    const list = (groups[stream.provider] ??= []);
    list.push({ source: { provider: stream.provider, type: stream.sourceType }, data });
  };
  let remaining = q.pageSize;
  const startStream = q.cursor?.stream ?? 0;
  for (let index = startStream; index < streams.length; index++) {
    const stream = streams[index];
    if (!stream || (q.provider && stream.provider !== q.provider)) continue;
    let first = Math.max(stream.firstSlot, Math.ceil((q.from - stream.phase) / stream.interval));
    if (q.cursor && index === startStream) first = Math.max(first, q.cursor.slot);
    const last = Math.min(stream.lastSlot, Math.floor((q.to - stream.phase) / stream.interval));
    if (first > last) {
      // Nothing in range: the first page still names the source, so the console can say so.
      if (!q.cursor) add(stream, []);
      continue;
    }
    const data: Sample[] = [];
    for (let slot = first; slot <= last; slot++) {
      if (remaining === 0) {
        if (data.length > 0) add(stream, data);
        const next = encodeCursor({ stream: index, slot });
        return { groups, next_cursor: next, next };
      }
      const sample = sampleAt(stream, slot);
      if (sample) {
        data.push(sample);
        remaining--;
      }
    }
    if (data.length > 0 || !q.cursor) add(stream, data);
  }
  return { groups, next_cursor: null, next: null };
}
