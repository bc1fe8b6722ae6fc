import type { RefObject } from 'react';
import type { AppScreenFacts } from '../apps/html/useHtmlApp';
import type { Playable } from './programme';
import { ItemView } from './ItemView';
import type { PlaylistPosition } from './usePlaylist';

type Role = 'current' | 'next' | 'previous';

export interface StageProps {
  playable: Playable;
  position: Pick<PlaylistPosition, 'current' | 'next' | 'previous' | 'finish'>;
  muted: boolean;
  resolveSrc(src: string): string;
  onFail(index: number, reason: string): void;
  /** What an app item's getContext() reports of the screen. */
  screen: AppScreenFacts;
  stageRef?: RefObject<HTMLDivElement | null>;
}

/**
 * The items on screen: the current one on top (fading in), the previous one under it until the fade is over, and
 * the next one loading invisibly underneath. Layers are keyed by item and never reordered, so the preloaded element
 * is the one shown and a page or app that leaves the screen is not reloaded.
 */
export function Stage({ playable, position, muted, resolveSrc, onFail, screen, stageRef }: StageProps) {
  const layers: Array<[number, Role]> = [];
  for (const [index, role] of [
    [position.current, 'current'],
    [position.previous, 'previous'],
    [position.next, 'next'],
  ] as const) {
    if (index !== null && !layers.some(([taken]) => taken === index)) layers.push([index, role]);
  }
  // In item order, whatever their roles (the styles stack them): a frame moved in the document reloads, and an app
  // going under the next item must keep running to come back as it was.
  layers.sort(([a], [b]) => a - b);
  return (
    <div className="stage" ref={stageRef}>
      {layers.map(([index, role]) => {
        const item = playable.items[index];
        if (item === undefined) return null;
        return (
          <div
            key={`${playable.key}:${index}`}
            className={`layer is-${role}`}
            data-role={role}
            data-type={item.type}
          >
            <ItemView
              item={item}
              src={resolveSrc(item.src)}
              active={role === 'current'}
              muted={muted}
              onFail={(reason) => onFail(index, reason)}
              screen={screen}
              onDone={() => position.finish(index)}
            />
          </div>
        );
      })}
    </div>
  );
}
