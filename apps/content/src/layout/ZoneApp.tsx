import type { PlayerAppSpec } from '@marquee/protocol';
import { BuiltInApp } from '@marquee/layout-view';
import { FeedApp } from '../apps/feed/FeedApp';
import { HtmlApp } from '../apps/html/HtmlApp';
import type { ZoneDeps } from './zoneDeps';

export interface ZoneAppProps {
  app: PlayerAppSpec;
  deps: ZoneDeps;
}

/** A zone's app: the built-in apps drawn from their options (@marquee/layout-view), and the player's own. */
export function ZoneApp({ app, deps }: ZoneAppProps) {
  // A mounted layout is on screen, so its feed's carousel turns.
  if (app.type === 'feed') return <FeedApp app={app} active timers={deps.timers} />;
  // On screen while the layout is: a zone has no next item, so done() restarts the app's slot (docs/apps.md).
  if (app.type === 'html') {
    return (
      <HtmlApp
        app={app}
        active
        timezone={deps.timezone}
        screen={deps.screen}
        onFail={deps.report}
        onProblem={deps.report}
      />
    );
  }
  return <BuiltInApp app={app} timezone={deps.timezone} now={deps.now} timers={deps.timers} />;
}
