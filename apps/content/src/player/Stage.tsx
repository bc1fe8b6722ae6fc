import type { RefObject } from 'react';
import type { Playable } from './programme';
import { ItemView } from './ItemView';
import type { PlaylistPosition } from './usePlaylist';

type Role = 'current' | 'next' | 'previous';

export interface StageProps {
  playable: Playable;
  position: Pick<PlaylistPosition, 'current' | 'next' | 'previous'>;
  muted: boolean;
  resolveSrc(src: string): string;
  onFail(index: number, reason: string): void;
  stageRef?: RefObject<HTMLDivElement | null>;
}

/**
 * The items on screen: the current one on top (fading in), the previous one under it until the fade is over, and
 * the next one loading invisibly underneath. Layers are keyed by item, so the preloaded element is the one shown.
 */
export function Stage({ playable, position, muted, resolveSrc, onFail, stageRef }: StageProps) {
  const layers: Array<[number, Role]> = [];
  for (const [index, role] of [
    [position.current, 'current'],
    [position.previous, 'previous'],
    [position.next, 'next'],
  ] as const) {
    if (index !== null && !layers.some(([taken]) => taken === index)) layers.push([index, role]);
  }
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
            />
          </div>
        );
      })}
    </div>
  );
}
