// Sizes a text to fill its box without overflowing (fitText.ts): at most `maxShare` of the box's height, smaller
// when the text would not fit whole. Runs on mount, when the text changes and when the box is resized (a rotation,
// a zone resized in the studio); nothing runs while the text stands still.

import { useLayoutEffect, useRef, type RefObject } from 'react';
import { fitFontSize } from './fitText';

/** Below this a text is not meant to be read from across a room; it is shown at this size and clipped. */
const MIN_FONT_PX = 6;

export function useFittedFont<T extends HTMLElement>(
  text: string,
  maxShare: number,
): { box: RefObject<T | null>; content: RefObject<HTMLSpanElement | null> } {
  const box = useRef<T>(null);
  const content = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (outer === null || inner === null) return;
    const fit = () => {
      const max = Math.max(MIN_FONT_PX, outer.clientHeight * maxShare);
      const size = fitFontSize(
        (px) => {
          outer.style.fontSize = `${px}px`;
          return inner.offsetHeight <= outer.clientHeight && inner.offsetWidth <= outer.clientWidth;
        },
        MIN_FONT_PX,
        max,
      );
      outer.style.fontSize = `${size}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(outer);
    return () => observer.disconnect();
  }, [text, maxShare]);
  return { box, content };
}
