// The largest font size at which a text fits its box: a message must read from across a room, and a long one
// must still fit whole, in landscape and portrait alike (the player rotates the frame; this page only sees its
// new aspect, and fits again).

// The search itself is shared with the layouts' text apps.
export { fitFontSize } from '@marquee/layout-view';

/** Smallest and largest type a message gets, from the box's shorter side: a word alone fills a good part of it. */
export function fontBounds(width: number, height: number): { min: number; max: number } {
  const side = Math.min(width, height);
  return { min: Math.max(12, Math.round(side * 0.03)), max: Math.max(12, Math.round(side * 0.22)) };
}
