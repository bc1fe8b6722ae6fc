// The largest font size at which a text fits its box: a message must read from across a room, and a long one must
// still fit whole, in landscape and portrait alike.

/** The largest whole size in [min, max] for which `fits` holds (fitting is monotonic in the size); min if none. */
export function fitFontSize(fits: (size: number) => boolean, min: number, max: number): number {
  let low = Math.ceil(min);
  let high = Math.floor(max);
  let best = low;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (fits(middle)) {
      best = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}
