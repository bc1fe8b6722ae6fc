// A ticker's seamless loop: the text is repeated often enough to cover its zone plus one copy, and the row moves by
// exactly one copy's width per loop, so the end of a loop looks the same as its start. Its duration follows from
// the speed (px/s) and the measured width of one copy.

export type TickerDirection = 'left' | 'right';

export interface TickerPlan {
  copies: number;
  durationMs: number;
  keyframes: Keyframe[];
}

export function tickerPlan(
  zoneWidth: number,
  copyWidth: number,
  speed: number,
  direction: TickerDirection,
): TickerPlan | null {
  if (!(copyWidth > 0) || !(speed > 0)) return null;
  const copies = Math.max(2, Math.ceil(zoneWidth / copyWidth) + 1);
  const from = { transform: 'translateX(0px)' };
  const to = { transform: `translateX(${-copyWidth}px)` };
  return {
    copies,
    durationMs: (copyWidth / speed) * 1000,
    // Moving right plays the same loop backwards: the row starts one copy to the left and slides back.
    keyframes: direction === 'left' ? [from, to] : [to, from],
  };
}
