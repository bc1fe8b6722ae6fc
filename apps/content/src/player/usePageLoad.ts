// A framed page (a web page item, an operator's HTML app) that has not loaded this long after it came on screen is
// skipped (docs/proof-of-play.md §Recording). A page's own errors (a 404, a broken script) load a page all the same
// and cannot be seen from here.

import { useEffect, useRef } from 'react';

export const PAGE_LOAD_TIMEOUT_MS = 30_000;

/** Fails `what` when it is on screen and has not loaded in time; answers the frame's onLoad handler. */
export function usePageLoad(options: {
  src: string;
  active: boolean;
  what: string;
  onFail(reason: string): void;
}): () => void {
  const { src, active, what, onFail } = options;
  const loaded = useRef(false);
  // The latest onFail without restarting the wait whenever the parent renders.
  const fail = useRef(onFail);
  useEffect(() => {
    fail.current = onFail;
  }, [onFail]);
  useEffect(() => {
    if (!active || loaded.current) return;
    const timer = setTimeout(() => {
      if (!loaded.current)
        fail.current(`${what} ${src} did not load within ${PAGE_LOAD_TIMEOUT_MS / 1000} s`);
    }, PAGE_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [active, src, what]);
  return () => {
    loaded.current = true;
  };
}
