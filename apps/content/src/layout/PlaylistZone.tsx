import { useCallback } from 'react';
import type { AppScreenFacts } from '../apps/html/useHtmlApp';
import type { Playable } from '../player/programme';
import { Stage } from '../player/Stage';
import { usePlaylist } from '../player/usePlaylist';

export interface PlaylistZoneProps {
  playable: Playable;
  /** Names the zone in the log. */
  label: string;
  muted: boolean;
  resolveSrc(src: string): string;
  report(message: string): void;
  /** For an app item's getContext(). */
  screen: AppScreenFacts;
}

/**
 * A playlist playing on its own: its own position and timers, the next item preloaded underneath and the
 * previous one kept under the incoming one until its fade-in is over (Stage). A failed item is skipped and logged.
 */
export function PlaylistZone({ playable, label, muted, resolveSrc, report, screen }: PlaylistZoneProps) {
  const position = usePlaylist(playable);
  const { fail } = position;
  const onFail = useCallback(
    (index: number, reason: string) => {
      report(`${label}: skipped item ${index + 1}: ${reason}`);
      fail(index);
    },
    [label, report, fail],
  );
  // Every item failed: the zone shows the layout's background until they are tried again.
  if (position.current === null) return null;
  return (
    <Stage
      playable={playable}
      position={position}
      muted={muted}
      resolveSrc={resolveSrc}
      onFail={onFail}
      screen={screen}
    />
  );
}
