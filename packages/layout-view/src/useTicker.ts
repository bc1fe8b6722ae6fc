// Runs a ticker (tickerPlan.ts) with the Web Animations API on the compositor: measures one copy of the text at
// the zone's type size, then animates the row. Measured again when the zone is resized (a rotation, a zone resized
// in the studio) or the text, speed or direction change.

import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { tickerPlan, type TickerDirection } from './tickerPlan';

export interface Ticker {
  zone: RefObject<HTMLDivElement | null>;
  row: RefObject<HTMLDivElement | null>;
  copy: RefObject<HTMLSpanElement | null>;
  copies: number;
}

export function useTicker(
  text: string,
  speed: number,
  direction: TickerDirection,
  fontShare: number,
): Ticker {
  const zone = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const copy = useRef<HTMLSpanElement>(null);
  const [copies, setCopies] = useState(2);

  useLayoutEffect(() => {
    const box = zone.current;
    const track = row.current;
    const first = copy.current;
    if (box === null || track === null || first === null) return;
    let animation: Animation | null = null;
    const run = () => {
      box.style.fontSize = `${Math.max(6, box.clientHeight * fontShare)}px`;
      const plan = tickerPlan(box.clientWidth, first.offsetWidth, speed, direction);
      animation?.cancel();
      animation = null;
      if (plan === null) return;
      setCopies(plan.copies);
      if (typeof track.animate !== 'function') return;
      animation = track.animate(plan.keyframes, {
        duration: plan.durationMs,
        iterations: Infinity,
        easing: 'linear',
      });
    };
    run();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(run);
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      animation?.cancel();
    };
  }, [text, speed, direction, fontShare]);

  return { zone, row, copy, copies };
}
