import type { Clock, PlayerAppSpecOf, Timers } from '@marquee/protocol';
import { clockText } from './clockText';
import { FittedText } from './FittedText';
import { useClock } from './useClock';

export interface ClockAppProps {
  app: PlayerAppSpecOf<'clock'>;
  /** The screen's IANA time zone. */
  timezone: string;
  now: Clock;
  timers: Timers;
  locale?: string;
}

/** A clock in the screen's time zone: the time, and the date under it when asked. */
export function ClockApp({ app, timezone, now, timers, locale }: ClockAppProps) {
  const instant = useClock(now, timers, app.showSeconds === true);
  // The date line shows unless turned off (the management API's default).
  const { time, date } = clockText(instant, timezone, { ...app, showDate: app.showDate !== false }, locale);
  return (
    <ClockFace
      time={time}
      date={date}
      color={app.color ?? '#ffffff'}
      background={app.background ?? 'transparent'}
    />
  );
}

export interface ClockFaceProps {
  time: string;
  date: string | null;
  color: string;
  background: string;
}

export function ClockFace({ time, date, color, background }: ClockFaceProps) {
  return (
    <div
      className="lv-clock"
      data-app="clock"
      style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', color, background }}
    >
      <FittedText
        text={time}
        share={date === null ? 1 : 0.7}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      />
      {date !== null && <FittedText text={date} share={0.3} />}
    </div>
  );
}
