// Proof of play is on by default (docs/proof-of-play.md): the page opens its buffer, closes the play a
// previous page left open, and uploads every PLAY_UPLOAD_INTERVAL_MS (a runtime setting can shorten it for tests:
// playUploadIntervalMs in the injected configuration). Without IndexedDB (a private window that refuses it) the
// content plays on and nothing is recorded.

import { useEffect, useState } from 'react';
import type { PlayerApi } from '../platform/playerApi';
import type { TimelineClock } from '../player/useTimeline';
import { PlayBuffer } from './playBuffer';
import { newPlayId } from './playId';
import { PlayRecorder } from './playRecorder';
import { startPlayUploader, type PlayUploader } from './playUploader';

export interface PlayCollectionDeps {
  api: PlayerApi;
  clock: TimelineClock;
  intervalMs?: number;
  openBuffer?: () => Promise<PlayBuffer>;
}

export function usePlayCollection({
  api,
  clock,
  intervalMs,
  openBuffer = () => PlayBuffer.open({ newId: newPlayId }),
}: PlayCollectionDeps): PlayRecorder {
  const [collection] = useState(() => {
    // Once per message: a broken IndexedDB fails every play the same way.
    const reported = new Set<string>();
    const report = (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      console.warn('[marquee content]', message);
      api.log('warn', message).catch(() => {});
    };
    const buffer = openBuffer();
    let uploader: PlayUploader | null = null;
    const recorder = new PlayRecorder({
      buffer,
      wall: clock.wall,
      monotonic: clock.monotonic,
      newId: newPlayId,
      onRecorded: () => uploader?.nudge(),
      onError: (error) => report(`Proof of play: ${String(error)}`),
    });
    return {
      recorder,
      start: (send: PlayerApi) =>
        buffer.then(
          (opened) => {
            uploader = startPlayUploader({
              buffer: opened,
              send: (batch) => send.uploadPlays(batch),
              log: (level, message, data) => {
                console.warn('[marquee content]', message);
                send.log(level, message, data).catch(() => {});
              },
              clock: clock.wall,
              timers: clock.timers,
              ...(intervalMs === undefined ? {} : { intervalMs }),
            });
            return uploader;
          },
          () => null,
        ),
    };
  });

  // The API follows the frame's bridge; the uploader is started again with the current one.
  useEffect(() => {
    let stopped = false;
    let running: PlayUploader | null = null;
    void collection.start(api).then((uploader) => {
      if (stopped) uploader?.stop();
      else running = uploader;
    });
    return () => {
      stopped = true;
      running?.stop();
    };
  }, [collection, api]);

  return collection.recorder;
}
