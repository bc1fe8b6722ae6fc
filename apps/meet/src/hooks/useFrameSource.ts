// What the frame shows (docs/meeting-room.md §Overridden player): the source derived from the app token, unless the
// overridden player sent an href; an empty overridden_player value restores the app's source. Every message is
// broadcast as a window event; action 'reboot' runs the platform's reboot when the parent has one.

import { useEffect, useState } from 'react';
import { callParent } from '@marquee/player-core';
import type { OverriddenPlayer } from '@marquee/protocol';
import { frameSourceFromApp } from '../session/frameSource';
import type { MeetSession } from '../session/startMeet';

const OVERRIDDEN_PLAYER_EVENT = 'overriddenPlayerMessage';

export function useFrameSource(session: MeetSession, app: unknown, overridden: unknown): string | null {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (overridden === undefined) return;
    setHref(null);
    if (overridden === null || overridden === '') return; // empty: the app's source again
    let stop: (() => void) | null = null;
    let live = true;
    const onMessage = (message: OverriddenPlayer) => {
      window.dispatchEvent(new CustomEvent(OVERRIDDEN_PLAYER_EVENT, { detail: message }));
      if (message.href !== undefined) setHref(message.href);
      if (message.action === 'reboot') {
        if (session.parent === null) session.logger.warn('reboot requested: this platform has no reboot');
        else void callParent(session.parent, 'reboot', [], session.logger);
      }
    };
    void import('../session/overriddenPlayer').then(({ connectOverriddenPlayer, usesPlainSocket }) => {
      if (!live) return;
      stop = connectOverriddenPlayer({
        value: overridden,
        plain: usesPlainSocket(navigator.userAgent, location.protocol, session.hostPlatform),
        onMessage,
        logger: session.logger,
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [session, overridden]);
  return href ?? frameSourceFromApp(app, session.config.contentUrl);
}
