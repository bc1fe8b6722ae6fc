import { useCallback, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import { defaultTimers } from '@marquee/protocol';
import { TurnsView } from '../layout/TurnsView';
import type { ContentCommands } from '../platform/playerLink';
import type { PlayerApi } from '../platform/playerApi';
import type { ContentConfig } from '../platform/runtimeConfig';
import type { PlayRecorder } from '../plays/playRecorder';
import { usePlayRecording } from '../plays/usePlayRecording';
import { IdleScreen } from './IdleScreen';
import { resolveMediaSrc } from './manifest';
import { MessageScreen } from './MessageScreen';
import { Slate } from './Slate';
import { Stage } from './Stage';
import { useContentApplied } from './useContentApplied';
import { useContentCommands } from './useContentCommands';
import { usePlayback } from './usePlayback';
import { usePlaylist } from './usePlaylist';
import { useAppScreenFacts } from '../apps/html/useAppScreenFacts';
import type { TimelineClock } from './useTimeline';

export interface ContentPlayerProps {
  bridge: Bridge | null;
  api: PlayerApi;
  config: ContentConfig;
  commands: MutableRefObject<ContentCommands>;
  /** Time and timers (tests fake them). */
  clock?: TimelineClock;
  /** Records a play per item shown (docs/proof-of-play.md); none in tests that do not look at plays. */
  plays?: PlayRecorder | null;
}

export function ContentPlayer({ bridge, api, config, commands, clock, plays = null }: ContentPlayerProps) {
  const origin = window.location.origin;
  const resolveSrc = useCallback((src: string) => resolveMediaSrc(src, origin), [origin]);
  const playback = usePlayback({ bridge, api, config, resolveSrc, origin, ...(clock ? { clock } : {}) });
  const { view, manifest } = playback;
  const playable = view.kind === 'items' ? view.playable : null;
  const position = usePlaylist(playable);
  const [muted, setMuted] = useState(false);
  const stage = useRef<HTMLDivElement>(null);

  useContentCommands({
    commands,
    bridge,
    api,
    stage,
    playback,
    playable,
    current: position.current,
    setMuted,
  });
  useContentApplied(bridge, manifest?.version ?? null);

  const { fail, finish, current, next, previous } = position;
  const recordFailure = usePlayRecording({
    recorder: plays,
    view,
    current,
    hasNext: next !== null,
    showing: playback.showing,
    timeline: manifest?.timeline ?? null,
    ...(clock ? { timers: clock.timers } : {}),
  });
  const onFail = useCallback(
    (index: number, reason: string) => {
      const message = `Skipped item ${index + 1}: ${reason}`;
      console.warn('[marquee content]', message);
      recordFailure(index, reason);
      fail(index);
      api.log('warn', message).catch(() => {});
      api.reportError(message, { index }).catch(() => {});
    },
    [fail, api, recordFailure],
  );
  const layout = useMemo(() => ({ current, next, previous, finish }), [current, next, previous, finish]);
  const screen = useAppScreenFacts(manifest);
  const timezone = manifest?.timeline?.timezone ?? 'UTC';
  const { report, now } = playback;
  const timers = clock?.timers ?? defaultTimers;
  const zoneDeps = useMemo(
    () => ({ resolveSrc, report, timezone, screen: screen.screen, now, timers, muted }),
    [resolveSrc, report, timezone, screen.screen, now, timers, muted],
  );

  if (view.kind === 'loading') return <Slate title="Loading content…" />;
  if (view.kind === 'message') return <MessageScreen message={view.message} />;
  if (view.kind === 'idle') return <IdleScreen />;
  if (view.kind === 'unassigned') {
    return (
      <Slate
        title="This screen is paired"
        detail="Assign a web page, an image, a video or a playlist to it in the studio."
      />
    );
  }
  if (view.kind === 'turns') return <TurnsView turns={view.turns} deps={zoneDeps} stageRef={stage} />;
  if (current === null) {
    // With a timeline, nothing playable is the idle screen; without one, the slate says what happened.
    if (manifest?.timeline != null) return <IdleScreen />;
    return (
      <Slate
        title="The content of this screen cannot be shown right now"
        detail="Every item failed to load. Trying again in a minute."
      />
    );
  }
  return (
    <Stage
      playable={view.playable}
      position={layout}
      muted={muted}
      resolveSrc={resolveSrc}
      onFail={onFail}
      screen={screen}
      stageRef={stage}
    />
  );
}
