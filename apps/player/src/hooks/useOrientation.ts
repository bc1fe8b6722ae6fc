// Orientation by CSS rotation (docs/player.md §Orientation and name): the frame box is rotated 90, 180 or 270
// degrees and, for the quarter turns, given the screen's height as its width and the reverse; recomputed on window
// resize, throttled to 100 ms. The viewport scale is 1/devicePixelRatio, so the content gets the screen's real
// pixels.

import { useEffect, useState, type CSSProperties } from 'react';
import { RESIZE_THROTTLE_MS, rotationDegrees, type Orientation } from '@marquee/protocol';

export function rotatedBoxStyle(orientation: Orientation, width: number, height: number): CSSProperties {
  const degrees = rotationDegrees(orientation);
  const quarter = degrees === 90 || degrees === 270;
  const boxWidth = quarter ? height : width;
  const boxHeight = quarter ? width : height;
  return {
    position: 'absolute',
    width: `${boxWidth}px`,
    height: `${boxHeight}px`,
    left: `${(width - boxWidth) / 2}px`,
    top: `${(height - boxHeight) / 2}px`,
    transform: degrees === 0 ? 'none' : `rotate(${degrees}deg)`,
    transformOrigin: 'center center',
  };
}

/** Calls `callback` at most once per `ms`, the last call of a burst always running. */
function throttle(callback: () => void, ms: number): { run: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run() {
      const now = Date.now();
      if (now - last >= ms) {
        last = now;
        callback();
      } else if (timer === undefined) {
        timer = setTimeout(
          () => {
            timer = undefined;
            last = Date.now();
            callback();
          },
          ms - (now - last),
        );
      }
    },
    cancel: () => clearTimeout(timer),
  };
}

function useWindowSize(win: Window = window): { width: number; height: number } {
  const [size, setSize] = useState({ width: win.innerWidth, height: win.innerHeight });
  useEffect(() => {
    const throttled = throttle(
      () => setSize({ width: win.innerWidth, height: win.innerHeight }),
      RESIZE_THROTTLE_MS,
    );
    win.addEventListener('resize', throttled.run);
    return () => {
      win.removeEventListener('resize', throttled.run);
      throttled.cancel();
    };
  }, [win]);
  return size;
}

export function useOrientation(orientation: Orientation, win: Window = window): CSSProperties {
  const { width, height } = useWindowSize(win);
  return rotatedBoxStyle(orientation, width, height);
}

/** Sets the viewport meta's scale to 1/devicePixelRatio. */
export function useViewportScale(doc: Document = document, win: Window = window): void {
  useEffect(() => {
    const meta = doc.querySelector('meta[name="viewport"]');
    const scale = 1 / (win.devicePixelRatio || 1);
    meta?.setAttribute(
      'content',
      `width=device-width, initial-scale=${scale}, minimum-scale=${scale}, maximum-scale=${scale}, user-scalable=no`,
    );
  }, [doc, win]);
}
