import { useMemo } from 'react';
import type { PlayerAppSpecOf } from '@marquee/protocol';
import { FittedText } from './FittedText';
import { qrModules } from './qrModules';

export interface QrAppProps {
  app: PlayerAppSpecOf<'qr'>;
}

/** Modules of light margin around the code, so a phone finds its edge. */
const QUIET_ZONE = 2;

/** A QR code as large as its zone allows (a square, centred), with its caption under it. */
export function QrApp({ app }: QrAppProps) {
  const { size, path } = useMemo(() => qrModules(app.url), [app.url]);
  const side = size + 2 * QUIET_ZONE;
  const dark = app.color ?? '#000000';
  const light = app.background ?? '#ffffff';
  return (
    <div
      className="lv-qr"
      data-app="qr"
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: light,
        color: dark,
      }}
    >
      <svg
        role="img"
        aria-label={app.caption ?? app.url}
        viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
        preserveAspectRatio="xMidYMid meet"
        shapeRendering="crispEdges"
        style={{ flex: '1 1 0', minHeight: 0, width: '100%' }}
      >
        <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill={light} />
        <path d={path} fill={dark} />
      </svg>
      {app.caption !== undefined && (
        <div style={{ flex: '0 0 15%', display: 'flex', minHeight: 0 }}>
          <FittedText text={app.caption} />
        </div>
      )}
    </div>
  );
}
