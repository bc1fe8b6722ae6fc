import { LAYOUT_DEFAULT_BACKGROUND } from '@marquee/protocol';
import { placeZones } from '@marquee/layout-view';
import type { LayoutShow } from '../player/programme';
import { PlaylistZone } from './PlaylistZone';
import { ZoneApp } from './ZoneApp';
import type { ZoneDeps } from './zoneDeps';

export interface LayoutViewProps {
  show: LayoutShow;
  deps: ZoneDeps;
}

/**
 * A layout filling the frame: its background, and each zone placed in percent of the frame and stacked by z
 * (@marquee/layout-view), so it follows the screen's orientation as the outer player rotates the frame.
 */
export function LayoutView({ show, deps }: LayoutViewProps) {
  const { layout, zones } = show;
  return (
    <div
      className="layout"
      data-layout={show.layoutId}
      style={{
        position: 'relative',
        width: '100%',
        height: '100%',
        overflow: 'hidden',
        background: layout.background ?? LAYOUT_DEFAULT_BACKGROUND,
      }}
    >
      {placeZones(layout.zones ?? []).map(({ zone, style }) => {
        const playable = zones[zone.id];
        return (
          <div key={zone.id} className="zone" data-zone={zone.id} style={style}>
            {playable !== undefined && (
              <PlaylistZone
                playable={playable}
                label={`Layout ${show.layoutId} zone ${zone.id}`}
                muted
                resolveSrc={deps.resolveSrc}
                report={deps.report}
                screen={{ timezone: deps.timezone, screen: deps.screen }}
              />
            )}
            {zone.app !== undefined && <ZoneApp app={zone.app} deps={deps} />}
          </div>
        );
      })}
    </div>
  );
}
