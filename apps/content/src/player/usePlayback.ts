// What the content player puts on screen, from every source of its decision
// (docs/schedules.md §Player behaviour): the manifest and the frame's link (useManifest), the timeline followed by
// the server's time (useTimeline), whether the server is reachable (useOnline) and what the media cache holds
// (useMediaCache).
// Without a timeline it plays the manifest's items, exactly as before timelines.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Bridge } from '@marquee/bridge';
import type { PlayerApi } from '../platform/playerApi';
import type { ContentConfig } from '../platform/runtimeConfig';
import { useOnline } from '../platform/useOnline';
import type { Manifest } from './manifest';
import { playableOffline } from './offlineItems';
import { itemsKey, programmeOf, type Playable, type Turn } from './programme';
import type { Showing } from './showing';
import type { PlayerTimeline } from './timeline';
import { useManifest } from './useManifest';
import { useMediaCache } from './useMediaCache';
import { browserClock, useTimeline, type TimelineClock } from './useTimeline';

export type PlaybackView =
  | { kind: 'loading' }
  /** Nothing assigned at all (no items, or a timeline without any rule): says how to assign content. */
  | { kind: 'unassigned' }
  | { kind: 'items'; playable: Playable }
  /** A segment that names layouts (docs/layouts.md §Playback), played in turns. */
  | { kind: 'turns'; key: string; turns: Turn[] }
  | { kind: 'message'; message: string }
  | { kind: 'idle' };

export interface Playback {
  manifest: Manifest | null;
  showing: Showing | null;
  view: PlaybackView;
  /** Whether the timeline follows the server's clock (measured offset) or, not knowing it yet, the device's. */
  clock: 'server' | 'device';
  /** The server's time as this device knows it (epoch ms): what a clock app shows. */
  now(): number;
  online: boolean;
  report(message: string): void;
}

export interface PlaybackDeps {
  bridge: Bridge | null;
  api: PlayerApi;
  config: ContentConfig;
  resolveSrc(src: string): string;
  origin: string;
  clock?: TimelineClock;
}

/** Logs a message once per page load: to the console and the server's log. */
function useReportOnce(api: PlayerApi): (message: string) => void {
  const [reported] = useState(() => new Set<string>());
  return useCallback(
    (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      console.warn('[marquee content]', message);
      api.log('warn', message).catch(() => {});
    },
    [api, reported],
  );
}

/**
 * Nothing could ever show: no schedule, no override, no default content. The operator is told how to assign
 * content, as before timelines; idle is for a screen whose rules simply have nothing on now.
 */
function unassigned({ timeline }: Manifest): boolean {
  if (timeline === null) return false;
  const { schedules, overrides, defaultContent } = timeline.rules;
  return schedules.length === 0 && overrides.length === 0 && defaultContent === null;
}

/** The same content keeps the same object, so the playlist plays on across a boundary instead of restarting. */
function useStablePlayable(playable: Playable | null): Playable | null {
  const kept = useRef<Playable | null>(null);
  if (playable === null || kept.current?.key !== playable.key) kept.current = playable;
  return playable === null ? null : kept.current;
}

/** The same turns keep the same object, so a layout plays on across a boundary instead of restarting. */
function useStableTurns<T extends { key: string }>(turns: T | null): T | null {
  const kept = useRef<T | null>(null);
  if (turns === null || kept.current?.key !== turns.key) kept.current = turns;
  return turns === null ? null : kept.current;
}

export function usePlayback({
  bridge,
  api,
  config,
  resolveSrc,
  origin,
  clock = browserClock,
}: PlaybackDeps): Playback {
  const report = useReportOnce(api);
  const source = useManifest(bridge, api, config);
  const { connected, serverOffsetMs, onAnswer } = source;
  // A timeline the engine cannot evaluate is set aside: the manifest's items play, as without one.
  const [broken, setBroken] = useState<PlayerTimeline | null>(null);
  const manifest = useMemo(
    () =>
      source.manifest?.timeline != null && source.manifest.timeline === broken
        ? { ...source.manifest, timeline: null }
        : source.manifest,
    [source.manifest, broken],
  );
  const following = useRef<PlayerTimeline | null>(null);
  following.current = manifest?.timeline ?? null;
  const onError = useCallback(
    (error: unknown) => {
      report(`The timeline cannot be evaluated, the items play: ${String(error)}`);
      setBroken(following.current);
    },
    [report],
  );
  const showing = useTimeline({
    timeline: manifest?.timeline ?? null,
    serverOffsetMs,
    onAnswer,
    onError,
    clock,
  });
  const online = useOnline(connected, clock.timers);
  const now = useCallback(() => clock.wall() + (serverOffsetMs ?? 0), [clock, serverOffsetMs]);
  const cached = useMediaCache({
    manifest,
    moment: showing?.segment.start ?? null,
    online,
    now,
    resolveSrc,
    origin,
    report,
  });

  const programme = useMemo(
    () => (manifest === null ? null : programmeOf(manifest, showing, report)),
    [manifest, showing, report],
  );
  const timed = manifest?.timeline != null;
  const selection = useMemo(() => {
    if (programme?.kind !== 'items') return null;
    const { playable } = programme;
    // Offline, a timeline plays only what the cache holds; without one, the items play as they always have.
    if (!timed || online) return { playable, skipped: [] };
    if (cached === null) return null;
    const { items, skipped } = playableOffline(playable.items, cached, resolveSrc);
    return skipped.length === 0
      ? { playable, skipped }
      : { playable: { key: itemsKey(items), items }, skipped };
  }, [programme, timed, online, cached, resolveSrc]);
  useEffect(() => {
    selection?.skipped.forEach((item) =>
      report(`Skipped offline: ${item.type} ${item.src} is not in the media cache`),
    );
  }, [selection, report]);
  const playable = useStablePlayable(selection?.playable ?? null);
  const turns = useStableTurns(programme?.kind === 'turns' ? programme : null);

  let view: PlaybackView = { kind: 'loading' };
  if (manifest !== null && unassigned(manifest)) view = { kind: 'unassigned' };
  else if (manifest !== null && programme !== null) {
    if (programme.kind === 'message') view = { kind: 'message', message: programme.message };
    else if (programme.kind === 'idle') view = { kind: 'idle' };
    else if (programme.kind === 'turns')
      view = turns === null ? { kind: 'loading' } : { kind: 'turns', key: turns.key, turns: turns.turns };
    else if (!timed && programme.playable.items.length === 0) view = { kind: 'unassigned' };
    else if (playable === null) view = { kind: 'loading' };
    else view = playable.items.length === 0 ? { kind: 'idle' } : { kind: 'items', playable };
  }
  return {
    manifest,
    showing,
    view,
    clock: serverOffsetMs === null ? 'device' : 'server',
    now,
    online,
    report,
  };
}
