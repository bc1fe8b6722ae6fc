// The layout editor's zone geometry, in percent of the screen (the API's units, docs/layouts.md): moving and
// resizing a zone by a pointer's travel, snapped to the other zones' and the screen's edges when near one and
// else to a grid, and always kept inside the screen. Pure, so the maths is tested without a browser.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The sides a resize handle moves: 'n', 'se', 'w', … */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

export interface SnapOptions {
  /** Grid step in percent; 0 = no grid. */
  grid: number;
  /** How near (percent) an edge must come to another edge to stick to it; 0 = no edge snapping. */
  threshold: number;
  /** The smallest width and height a resize leaves. */
  minSize: number;
}

/** Percent values are kept to two decimals: what the inputs show and the API stores. */
export const round = (value: number) => Math.round(value * 100) / 100;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The edges a zone may stick to along one axis: the screen's and the other zones'. */
export function edgesOf(others: readonly Rect[], axis: 'x' | 'y'): number[] {
  const size = axis === 'x' ? 'width' : 'height';
  return [0, 100, ...others.flatMap((other) => [other[axis], other[axis] + other[size]])];
}

/** The nearest edge within the threshold of `value`, or null. */
function nearestEdge(value: number, edges: readonly number[], threshold: number): number | null {
  let best: number | null = null;
  for (const edge of edges) {
    const distance = Math.abs(edge - value);
    if (distance <= threshold && (best === null || distance < Math.abs(best - value))) best = edge;
  }
  return best;
}

const toGrid = (value: number, grid: number) => (grid > 0 ? Math.round(value / grid) * grid : value);

/**
 * A span [start, start + size) moved to `start`: whichever of its two sides is nearer an edge sticks to it, else
 * its start snaps to the grid; then it is kept inside 0-100.
 */
function snapSpan(start: number, size: number, edges: readonly number[], options: SnapOptions): number {
  const lead = nearestEdge(start, edges, options.threshold);
  const trail = nearestEdge(start + size, edges, options.threshold);
  let snapped: number;
  if (lead !== null && (trail === null || Math.abs(lead - start) <= Math.abs(trail - start - size)))
    snapped = lead;
  else if (trail !== null) snapped = trail - size;
  else snapped = toGrid(start, options.grid);
  return clamp(snapped, 0, 100 - size);
}

/** One side moved to `value`: stuck to a near edge, else to the grid, within [low, high]. */
function snapSide(value: number, edges: readonly number[], options: SnapOptions, low: number, high: number) {
  const edge = nearestEdge(value, edges, options.threshold);
  return clamp(edge ?? toGrid(value, options.grid), low, high);
}

/** The zone `start` dragged by (dx, dy) percent, among `others`. Its size never changes. */
export function moveRect(
  start: Rect,
  dx: number,
  dy: number,
  others: readonly Rect[],
  options: SnapOptions,
): Rect {
  return {
    x: round(snapSpan(start.x + dx, start.width, edgesOf(others, 'x'), options)),
    y: round(snapSpan(start.y + dy, start.height, edgesOf(others, 'y'), options)),
    width: start.width,
    height: start.height,
  };
}

/** The zone `start` with the sides of `handle` dragged by (dx, dy) percent, among `others`. */
export function resizeRect(
  start: Rect,
  handle: Handle,
  dx: number,
  dy: number,
  others: readonly Rect[],
  options: SnapOptions,
): Rect {
  const xEdges = edgesOf(others, 'x');
  const yEdges = edgesOf(others, 'y');
  let left = start.x;
  let right = start.x + start.width;
  let top = start.y;
  let bottom = start.y + start.height;
  if (handle.includes('w')) left = snapSide(left + dx, xEdges, options, 0, right - options.minSize);
  if (handle.includes('e')) right = snapSide(right + dx, xEdges, options, left + options.minSize, 100);
  if (handle.includes('n')) top = snapSide(top + dy, yEdges, options, 0, bottom - options.minSize);
  if (handle.includes('s')) bottom = snapSide(bottom + dy, yEdges, options, top + options.minSize, 100);
  return { x: round(left), y: round(top), width: round(right - left), height: round(bottom - top) };
}

/** The zone moved by (dx, dy) percent exactly (the arrow keys), kept inside the screen. */
export function nudgeRect(start: Rect, dx: number, dy: number): Rect {
  return {
    ...start,
    x: round(clamp(start.x + dx, 0, 100 - start.width)),
    y: round(clamp(start.y + dy, 0, 100 - start.height)),
  };
}

/** What is wrong with a zone's place, per field (the API's own rules, docs/layouts.md), or nothing. */
export function rectProblems(rect: Rect): Partial<Record<keyof Rect, string>> {
  const problems: Partial<Record<keyof Rect, string>> = {};
  const percent = (value: number) => Number.isFinite(value) && value >= 0 && value <= 100;
  if (!percent(rect.x)) problems.x = 'A percent from 0 to 100';
  if (!percent(rect.y)) problems.y = 'A percent from 0 to 100';
  if (!percent(rect.width) || rect.width <= 0) problems.width = 'A percent above 0, at most 100';
  else if (problems.x === undefined && rect.x + rect.width > 100 + 1e-6)
    problems.width = 'Outside the screen: x + width is more than 100';
  if (!percent(rect.height) || rect.height <= 0) problems.height = 'A percent above 0, at most 100';
  else if (problems.y === undefined && rect.y + rect.height > 100 + 1e-6)
    problems.height = 'Outside the screen: y + height is more than 100';
  return problems;
}
