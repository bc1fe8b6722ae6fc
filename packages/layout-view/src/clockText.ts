// What a clock app reads at an instant, in the screen's IANA time zone (never the device's): the digits come from
// protocol's zonedTime (the zone database the schedules use), the date line from Intl in the same zone.

import { wallClockOf } from '@marquee/protocol';

export interface ClockOptions {
  format?: '24h' | '12h' | undefined;
  showSeconds?: boolean | undefined;
  showDate?: boolean | undefined;
}

export interface ClockText {
  time: string;
  /** The date line, when asked for. */
  date: string | null;
}

const pad2 = (value: number) => String(value).padStart(2, '0');
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timezone: string, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timezone}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: timezone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** The clock at `instant` in `timezone`; `locale` names the date line's language (the runtime's when absent). */
export function clockText(
  instant: number,
  timezone: string,
  options: ClockOptions,
  locale?: string,
): ClockText {
  const wall = wallClockOf(instant, timezone);
  const seconds = options.showSeconds === true ? `:${pad2(wall.second)}` : '';
  let time: string;
  if (options.format === '12h') {
    const hour = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
    time = `${hour}:${pad2(wall.minute)}${seconds} ${wall.hour < 12 ? 'AM' : 'PM'}`;
  } else time = `${pad2(wall.hour)}:${pad2(wall.minute)}${seconds}`;
  const date = options.showDate === true ? dateFormat(timezone, locale).format(instant) : null;
  return { time, date };
}

/** How long until the clock's text next changes: the next whole second, or minute without seconds. */
export function nextTickMs(instant: number, showSeconds: boolean): number {
  const unit = showSeconds ? 1000 : 60_000;
  // Zone offsets are whole minutes, so every zone's minute turns over with UTC's.
  return unit - (((instant % unit) + unit) % unit);
}
