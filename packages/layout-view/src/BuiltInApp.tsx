import type { Clock, PlayerAppSpec, Timers } from '@marquee/protocol';
import { ClockApp } from './ClockApp';
import { QrApp } from './QrApp';
import { TextApp } from './TextApp';
import { TickerApp } from './TickerApp';

export interface BuiltInAppProps {
  app: PlayerAppSpec;
  /** The screen's IANA time zone (a clock's). */
  timezone: string;
  now: Clock;
  timers: Timers;
  locale?: string;
}

/** The apps drawn from their options alone; feed and html need the player's fetching and bridge, so none here. */
export function BuiltInApp({ app, timezone, now, timers, locale }: BuiltInAppProps) {
  switch (app.type) {
    case 'clock':
      return (
        <ClockApp app={app} timezone={timezone} now={now} timers={timers} {...(locale ? { locale } : {})} />
      );
    case 'text':
      return <TextApp app={app} />;
    case 'ticker':
      return <TickerApp app={app} />;
    case 'qr':
      return <QrApp app={app} />;
    default:
      return null;
  }
}
