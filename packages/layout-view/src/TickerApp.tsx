import { TICKER_DEFAULT_SPEED, type PlayerAppSpecOf } from '@marquee/protocol';
import { useTicker } from './useTicker';

export interface TickerAppProps {
  app: PlayerAppSpecOf<'ticker'>;
}

/** Its type as a part of the zone's height, when the app does not say. */
const DEFAULT_FONT_SHARE = 0.6;

/** Text scrolling along its zone, in a seamless loop. */
export function TickerApp({ app }: TickerAppProps) {
  const fontShare = app.fontSize === undefined ? DEFAULT_FONT_SHARE : app.fontSize / 100;
  const speed = app.speed ?? TICKER_DEFAULT_SPEED;
  const direction = app.direction ?? 'left';
  const { zone, row, copy, copies } = useTicker(app.text, speed, direction, fontShare);
  return (
    <div
      ref={zone}
      className="lv-ticker"
      data-app="ticker"
      data-speed={speed}
      data-direction={direction}
      style={{
        width: '100%',
        height: '100%',
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        color: app.color ?? '#ffffff',
        background: app.background ?? 'transparent',
        fontWeight: app.bold === true ? 700 : 400,
        fontStyle: app.italic === true ? 'italic' : 'normal',
      }}
    >
      <div
        ref={row}
        style={{ display: 'flex', whiteSpace: 'pre', willChange: 'transform', lineHeight: 1.15 }}
      >
        {Array.from({ length: copies }, (_, index) => (
          <span
            key={index}
            ref={index === 0 ? copy : undefined}
            aria-hidden={index > 0}
            style={{ paddingRight: '1.5em' }}
          >
            {app.text}
          </span>
        ))}
      </div>
    </div>
  );
}
