import type { RefObject } from 'react';
import type { Turn } from '../player/programme';
import { LayoutView } from './LayoutView';
import { PlaylistZone } from './PlaylistZone';
import { useTurns } from './useTurns';
import type { ZoneDeps } from './zoneDeps';

export interface TurnsViewProps {
  turns: Turn[];
  deps: ZoneDeps;
  stageRef?: RefObject<HTMLDivElement | null>;
}

/** A segment that names layouts: its turns one after another, the incoming one fading in over the outgoing one. */
export function TurnsView({ turns, deps, stageRef }: TurnsViewProps) {
  const { current, previous, step } = useTurns(turns, deps.timers);
  const layers = [
    ...(previous === null ? [] : [{ index: previous, key: step - 1, role: 'previous' }]),
    { index: current, key: step, role: 'current' },
  ];
  return (
    <div className="stage" ref={stageRef}>
      {layers.map(({ index, key, role }) => {
        const turn = turns[index];
        if (turn === undefined) return null;
        return (
          <div key={key} className={`layer is-${role}`} data-role={role} data-turn={turn.kind}>
            {turn.kind === 'layout' ? (
              <LayoutView show={turn.show} deps={deps} />
            ) : (
              <PlaylistZone
                playable={turn.playable}
                label="Playlist"
                muted={deps.muted}
                resolveSrc={deps.resolveSrc}
                report={deps.report}
                screen={{ timezone: deps.timezone, screen: deps.screen }}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
