// Fills in what the player's commands do while content is on screen: mute, screenshot, update device info, and
// what it shows (getContentState: the applied version the heartbeat reports, the item, and with a timeline the
// segment and why it won).

import { useEffect, type MutableRefObject, type RefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import type { ContentCommands } from '../platform/playerLink';
import type { PlayerApi } from '../platform/playerApi';
import { captureStage } from './capture';
import type { Playable } from './programme';
import type { Playback } from './usePlayback';

export interface ContentCommandDeps {
  commands: MutableRefObject<ContentCommands>;
  bridge: Bridge | null;
  api: PlayerApi;
  stage: RefObject<HTMLDivElement | null>;
  playback: Pick<Playback, 'manifest' | 'showing' | 'view' | 'clock' | 'online'>;
  playable: Playable | null;
  current: number | null;
  setMuted(muted: boolean): void;
}

export function useContentCommands({
  commands,
  bridge,
  api,
  stage,
  playback,
  playable,
  current,
  setMuted,
}: ContentCommandDeps) {
  useEffect(() => {
    commands.current = {
      setMute: (muted) => {
        setMuted(muted);
        return { muted };
      },
      screenshot: async () => {
        try {
          const image = await captureStage(stage.current);
          return await api.uploadScreenshot(image);
        } catch (error) {
          const message = `Screenshot not taken: ${error instanceof Error ? error.message : String(error)}`;
          api.log('warn', message).catch(() => {});
          throw new Error(message, { cause: error });
        }
      },
      updateDeviceInfo: async () => {
        if (bridge === null) throw new Error('No player to ask for the device record');
        await api.sendDeviceRecord(await bridge.call('getDeviceInfo'));
        return { sent: true };
      },
      getContentState: () => contentState(playback, playable, current),
    };
  }, [commands, bridge, api, stage, playback, playable, current, setMuted]);
}

function contentState(
  { manifest, showing, view, clock, online }: ContentCommandDeps['playback'],
  playable: Playable | null,
  current: number | null,
) {
  const state = {
    version: manifest?.version ?? null,
    index: current,
    item: current === null ? null : (playable?.items[current] ?? null),
  };
  if (manifest?.timeline == null || showing === null) return state;
  const { start, end, source, playlistIds, reason } = showing.segment;
  return {
    ...state,
    showing: view.kind,
    segment: { start, end, source, playlistIds, reason },
    nextChangeAt: showing.until,
    clock,
    online,
  };
}
