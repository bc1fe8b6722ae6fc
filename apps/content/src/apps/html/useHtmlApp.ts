// An operator's HTML app on screen (docs/apps.md): @marquee/layout-view's app frame (the app API's session, shared
// with the studio's preview) with what the content player adds: the configuration read from the timeline's JSON
// text, a log line when it is not a JSON object, and a slot that fails when the page does not load in time or its
// address cannot be shown.

import { useEffect, useMemo } from 'react';
import { appFrameAccess, readAppConfig, type AppScreenFacts } from '@marquee/layout-view';
import type { PlayerAppSpecOf } from '@marquee/protocol';
import { usePageLoad } from '../../player/usePageLoad';

export type { AppScreenFacts } from '@marquee/layout-view';

export interface HtmlAppOptions extends AppScreenFacts {
  app: PlayerAppSpecOf<'html'>;
  /** On screen, rather than preloading underneath. */
  active: boolean;
  /**
   * The app called done(). Answer false (or give none, as a zone does: it has no next item) and the slot restarts
   * in place: the app gets `stop`, then `start`.
   */
  onDone?: () => boolean | void;
  /** The app cannot be shown: its URL is unusable or it did not load in time. */
  onFail?: (reason: string) => void;
  /** A problem worth a log line that does not stop the app. */
  onProblem?: (message: string) => void;
}

export const warn = (message: string) => console.warn('[marquee content]', message);
const ignore = () => {};

/** The app frame's configuration and handlers, and the frame's onLoad. */
export function useHtmlApp(options: HtmlAppOptions): { config: Record<string, unknown>; onLoad(): void } {
  const { app, active, onFail = ignore, onProblem = warn } = options;
  const reading = useMemo(() => readAppConfig(app.config), [app.config]);
  useEffect(() => {
    if (reading.problem !== null)
      onProblem(`The app ${app.url} gets an empty configuration: ${reading.problem}`);
  }, [reading, app.url, onProblem]);

  const onLoad = usePageLoad({ src: app.url, active, what: 'the app', onFail });
  const showable = useMemo(() => appFrameAccess(app.url, window.location.origin) !== null, [app.url]);
  useEffect(() => {
    if (active && !showable) onFail(`the app ${app.url} is not an http(s) address`);
  }, [active, showable, app.url, onFail]);
  return { config: reading.config, onLoad };
}
