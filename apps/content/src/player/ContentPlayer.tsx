import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { Bridge } from '@marquee/bridge';
import type { ContentCommands } from '../platform/playerLink';
import type { PlayerApi } from '../platform/playerApi';
import type { ContentConfig } from '../platform/runtimeConfig';
import { resolveMediaSrc } from './manifest';
import { warmMediaCache } from './mediaCache';
import { Slate } from './Slate';
import { Stage } from './Stage';
import { useContentCommands } from './useContentCommands';
import { useManifest } from './useManifest';
import { usePlaylist } from './usePlaylist';

export interface ContentPlayerProps {
  bridge: Bridge | null;
  api: PlayerApi;
  config: ContentConfig;
  commands: MutableRefObject<ContentCommands>;
}

export function ContentPlayer({ bridge, api, config, commands }: ContentPlayerProps) {
  const manifest = useManifest(bridge, api, config);
  const position = usePlaylist(manifest);
  const [muted, setMuted] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const origin = window.location.origin;
  const resolveSrc = useCallback((src: string) => resolveMediaSrc(src, origin), [origin]);

  useContentCommands({ commands, bridge, api, stage, manifest, current: position.current, setMuted });

  useEffect(() => {
    if (manifest === null) return;
    warmMediaCache(manifest, resolveSrc, origin).catch((error: unknown) =>
      api.log('warn', `Media not cached for offline play: ${String(error)}`).catch(() => {}),
    );
  }, [manifest, resolveSrc, origin, api]);

  const { fail, current, next, previous } = position;
  const onFail = useCallback(
    (index: number, reason: string) => {
      const message = `Skipped item ${index + 1}: ${reason}`;
      console.warn('[marquee content]', message);
      fail(index);
      api.log('warn', message).catch(() => {});
      api.reportError(message, { index }).catch(() => {});
    },
    [fail, api],
  );
  const layout = useMemo(() => ({ current, next, previous }), [current, next, previous]);

  if (manifest === null) return <Slate title="Loading content…" />;
  if (manifest.items.length === 0) {
    return (
      <Slate
        title="This screen is paired"
        detail="Assign a web page, an image, a video or a playlist to it in the studio."
      />
    );
  }
  if (current === null) {
    return (
      <Slate
        title="The content of this screen cannot be shown right now"
        detail="Every item failed to load. Trying again in a minute."
      />
    );
  }
  return (
    <Stage
      manifest={manifest}
      position={layout}
      muted={muted}
      resolveSrc={resolveSrc}
      onFail={onFail}
      stageRef={stage}
    />
  );
}
