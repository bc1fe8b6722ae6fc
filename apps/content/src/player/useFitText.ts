// Sizes a text element's type to fill its box without overflowing (fitText.ts): on mount, when the text changes
// and when the box is resized (a rotation, a window resize). Nothing runs while the text stands still.

import { useLayoutEffect, useRef, type RefObject } from 'react';
import { fitFontSize, fontBounds } from './fitText';

export function useFitText<T extends HTMLElement>(text: string): RefObject<T | null> {
  const element = useRef<T>(null);
  useLayoutEffect(() => {
    const box = element.current;
    if (box === null) return;
    const fit = () => {
      const { min, max } = fontBounds(box.clientWidth, box.clientHeight);
      const size = fitFontSize(
        (px) => {
          box.style.fontSize = `${px}px`;
          return box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth;
        },
        min,
        max,
      );
      box.style.fontSize = `${size}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [text]);
  return element;
}
