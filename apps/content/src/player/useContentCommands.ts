// Fills in what the player's commands do while content is on screen: mute, screenshot, update device info.

import { useEffect, type MutableRefObject, type RefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import type { ContentCommands } from '../platform/playerLink';
import type { PlayerApi } from '../platform/playerApi';
import { captureStage } from './capture';
import type { Manifest } from './manifest';

export interface ContentCommandDeps {
  commands: MutableRefObject<ContentCommands>;
  bridge: Bridge | null;
  api: PlayerApi;
  stage: RefObject<HTMLDivElement | null>;
  manifest: Manifest | null;
  current: number | null;
  setMuted(muted: boolean): void;
}

export function useContentCommands({
  commands,
  bridge,
  api,
  stage,
  manifest,
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
      getContentState: () => ({
        version: manifest?.version ?? null,
        index: current,
        item: current === null ? null : (manifest?.items[current] ?? null),
      }),
    };
  }, [commands, bridge, api, stage, manifest, current, setMuted]);
}
