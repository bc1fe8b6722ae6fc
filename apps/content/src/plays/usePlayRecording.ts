// Tells the recorder what the content player shows (docs/proof-of-play.md §Recording): a play begins when
// an item or an override's message comes on screen and finishes when it leaves. A single item stays on screen (the
// playlist does not restart it), so it counts one play each planned time. An item that fails is an 'error' play:
// on screen, the open play is closed as such before the playlist moves on; preloading, a play of no time.

import { useCallback, useEffect, useRef } from 'react';
import { defaultTimers, type Timers } from '@marquee/protocol';
import type { Showing } from '../player/showing';
import type { PlayerTimeline } from '../player/timeline';
import type { PlaybackView } from '../player/usePlayback';
import { itemContext, messageContext } from './playContext';
import type { PlayContext, PlayRecorder } from './playRecorder';

export interface PlayRecordingDeps {
  recorder: PlayRecorder | null;
  view: PlaybackView;
  current: number | null;
  /** Whether another item follows the current one (else the current one stays). */
  hasNext: boolean;
  showing: Showing | null;
  timeline: PlayerTimeline | null;
  timers?: Timers;
}

interface OnScreen {
  /** Equal while the same thing stays on screen. */
  key: string;
  context: PlayContext;
}

function onScreenOf(
  view: PlaybackView,
  current: number | null,
  showing: Showing | null,
  timeline: PlayerTimeline | null,
): OnScreen | null {
  if (view.kind === 'message') {
    return { key: `message:${view.message}`, context: messageContext(view.message, showing, timeline) };
  }
  if (view.kind !== 'items' || current === null) return null;
  const item = view.playable.items[current];
  if (item === undefined) return null;
  return { key: `${view.playable.key}:${current}`, context: itemContext(item, showing, timeline) };
}

export function usePlayRecording({
  recorder,
  view,
  current,
  hasNext,
  showing,
  timeline,
  timers = defaultTimers,
}: PlayRecordingDeps): (index: number, reason: string) => void {
  const latest = useRef({ view, current, showing, timeline });
  latest.current = { view, current, showing, timeline };

  const onScreen = onScreenOf(view, current, showing, timeline);
  const key = onScreen?.key ?? null;
  const plannedMs = onScreen?.context.plannedMs ?? null;
  // The context when the play begins: a new segment or manifest showing the same keeps the play open.
  const context = useRef(onScreen?.context ?? null);
  context.current = onScreen?.context ?? null;

  useEffect(() => {
    const shown = context.current;
    if (recorder === null || key === null || shown === null) return;
    recorder.begin(shown);
    return () => recorder.finish();
  }, [recorder, key]);

  useEffect(() => {
    const shown = context.current;
    if (recorder === null || key === null || shown === null || hasNext || plannedMs === null) return;
    const again = timers.setInterval(() => recorder.begin(shown), plannedMs);
    return () => timers.clearInterval(again);
  }, [recorder, key, hasNext, plannedMs, timers]);

  return useCallback(
    (index: number, reason: string) => {
      if (recorder === null) return;
      const { view: shown, current: on, showing: segment, timeline: rules } = latest.current;
      if (index === on) {
        recorder.failOpen(reason);
        return;
      }
      const item = shown.kind === 'items' ? shown.playable.items[index] : undefined;
      if (item !== undefined) recorder.failed(itemContext(item, segment, rules), reason);
    },
    [recorder],
  );
}
