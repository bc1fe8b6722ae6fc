// What a listener sees: the server's value with this client's pending writes on top (optimistic, as Firebase),
// and when an acknowledged write may be forgotten. Pure functions of the entries and the write queue.
//
// Revisions make it exact: a write acknowledged at document revision R is contained in every server value of
// revision ≥ R, so it is skipped there; until the listened value reaches R it is still applied on top, so the
// value does not flicker back to the old one between the acknowledgement and the event.

import { getAtPath, isPathPrefix, setAtPath, type RealtimeValue } from '@marquee/protocol';
import type { ListenEntry } from './listens';
import type { Change, PendingWrite } from './writeQueue';

/** True when a server value of revision `baseRev` already contains `write`. */
function contains(baseRev: number, write: PendingWrite): boolean {
  return write.state === 'acked' && write.rev >= 0 && baseRev >= write.rev;
}

function applyChange(
  view: RealtimeValue | undefined,
  segments: readonly string[],
  change: Change,
): RealtimeValue | undefined {
  if (isPathPrefix(change.segments, segments)) {
    // The change replaces this node or an ancestor: the view is whatever it wrote here.
    return getAtPath(change.value, segments.slice(change.segments.length));
  }
  if (isPathPrefix(segments, change.segments)) {
    // Below this node: only a known value can take it (a partial value would read as the whole).
    return view === undefined
      ? undefined
      : setAtPath(view, change.segments.slice(segments.length), change.value);
  }
  return view;
}

/**
 * The value at `segments`: `base` (the server's value there, or the local copy; undefined when unknown) of revision
 * `baseRev` (-1 when unknown), with every pending write it does not contain applied in order. Undefined when
 * nothing is known yet and no write replaces the whole node.
 */
export function viewOf(
  segments: readonly string[],
  base: RealtimeValue | undefined,
  baseRev: number,
  writes: readonly PendingWrite[],
): RealtimeValue | undefined {
  let view = base;
  for (const write of writes) {
    if (contains(baseRev, write)) continue;
    for (const change of write.changes) view = applyChange(view, segments, change);
  }
  return view;
}

/** The base of a listened entry: the server's value, else the local copy. */
export function entryView(entry: ListenEntry, writes: readonly PendingWrite[]): RealtimeValue | undefined {
  if (entry.server !== undefined) return viewOf(entry.segments, entry.server.value, entry.server.rev, writes);
  return viewOf(entry.segments, entry.cached, -1, writes);
}

function overlaps(a: readonly string[], b: readonly string[]): boolean {
  return isPathPrefix(a, b) || isPathPrefix(b, a);
}

/**
 * True when every listened value the acknowledged `write` touches is a server value that already contains it. A
 * touched entry still waiting for its first server value keeps the write (it would otherwise show the old copy).
 */
export function isReflected(write: PendingWrite, entries: readonly ListenEntry[]): boolean {
  if (write.state !== 'acked' || write.rev < 0) return false;
  return entries.every(
    (entry) =>
      !write.changes.some((change) => overlaps(change.segments, entry.segments)) ||
      (entry.server !== undefined && entry.server.rev >= write.rev),
  );
}
