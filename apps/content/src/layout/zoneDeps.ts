import type { AppDataScreen, Clock, Timers } from '@marquee/protocol';

/** What every zone of a layout needs from the player around it. */
export interface ZoneDeps {
  resolveSrc(src: string): string;
  /** Logs a problem once (the console and the server's log). */
  report(message: string): void;
  /** The screen's IANA time zone. */
  timezone: string;
  /** The paired screen, for an HTML app's getContext() (docs/apps.md). */
  screen: AppDataScreen | null;
  /** The server's time as the device knows it. */
  now: Clock;
  timers: Timers;
  /** The full-frame items' sound; a layout's zones always play muted. */
  muted: boolean;
}
