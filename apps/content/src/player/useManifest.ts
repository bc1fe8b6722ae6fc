// The manifest the screen shows: the latest value a source delivered that parses and that appDataChoice takes (the
// frame's live listen over the player's possibly stale copy), kept while sources fall silent (offline) or go null
// (the player is about to leave for the pairing page anyway). Beside it, what the frame's own realtime connection
// says: whether it is up, and the server's clock offset. A value already taken is not parsed again (the player is
// polled every few seconds); every answer is still announced, since an awake moment is when the timeline checks
// that the clock did not jump.

import { useEffect, useMemo, useState } from 'react';
import type { Bridge } from '@marquee/bridge';
import { createAppDataChoice } from '../platform/appDataChoice';
import { watchAppData } from '../platform/appDataSource';
import type { PlayerApi } from '../platform/playerApi';
import type { ContentConfig } from '../platform/runtimeConfig';
import { parseManifest, sameManifest, type Manifest } from './manifest';

/** Offsets closer than this to the one in use are not worth a re-render (boundaries fall on whole minutes). */
const OFFSET_CHANGE_MS = 500;

export interface ContentSource {
  manifest: Manifest | null;
  /** The frame's realtime connection: null while it has not reported (or there is none). */
  connected: boolean | null;
  /** Server clock minus device clock; null until the connection has measured it (the device's clock is used). */
  serverOffsetMs: number | null;
  /** Calls `listener` on every answer from any source; answers the unsubscribe. */
  onAnswer(listener: () => void): () => void;
}

export function useManifest(bridge: Bridge | null, api: PlayerApi, config: ContentConfig): ContentSource {
  const [manifest, setManifest] = useState<Manifest | null>(null);
  const [connected, setConnected] = useState<boolean | null>(null);
  const [serverOffsetMs, setServerOffsetMs] = useState<number | null>(null);
  const [listeners] = useState(() => new Set<() => void>());
  useEffect(() => {
    if (bridge === null) return;
    const reported = new Set<string>();
    const report = (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      console.warn('[marquee content]', message);
      api.log('warn', message).catch(() => {});
    };
    const choice = createAppDataChoice();
    let measured = false;
    return watchAppData({
      bridge,
      api,
      config,
      onValue: (value, source) => {
        listeners.forEach((listener) => listener());
        if (!choice.offer(JSON.stringify(value ?? null), source)) return;
        const next = parseManifest(value);
        if (next === null) return;
        next.skipped.forEach(report);
        setManifest((current) => (sameManifest(current, next) ? current : next));
      },
      onProblem: report,
      onListenEnded: () => choice.connected(false),
      onConnected: (up) => {
        measured ||= up;
        choice.connected(up);
        setConnected(up);
      },
      onServerTimeOffset: (offset) => {
        // The client reports 0 before its first measurement: only an offset of a live connection counts.
        if (!measured) return;
        setServerOffsetMs((current) =>
          current !== null && Math.abs(current - offset) < OFFSET_CHANGE_MS ? current : offset,
        );
      },
    });
  }, [bridge, api, config, listeners]);
  const onAnswer = useMemo(
    () => (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    [listeners],
  );
  return { manifest, connected, serverOffsetMs, onAnswer };
}
