// The preview plays the items one after another, each for its duration, round and round, like a screen does.

import { useEffect, useState } from 'react';

export function usePreviewCycle(durationsSeconds: readonly number[]) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const count = durationsSeconds.length;
  const current = count === 0 ? 0 : index % count;
  const seconds = durationsSeconds[current] ?? 0;

  useEffect(() => {
    if (!playing || count === 0) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), seconds * 1000);
    return () => clearTimeout(timer);
  }, [playing, count, current, seconds]);

  return {
    index: current,
    playing,
    toggle: () => setPlaying((p) => !p),
    show: (i: number) => setIndex(i),
  };
}
